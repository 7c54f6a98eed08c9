#include "games/turn_deadline_check.hpp"

namespace hd::server {

namespace v1 = hundred_days::v1;

std::optional<std::string> turn_deadline_problem(const v1::TurnDeadline& deadline) {
  if (deadline.hours() == 0) {
    if (deadline.vacation_days() != 0 || deadline.policy() != v1::DEADLINE_POLICY_UNSPECIFIED)
      return "deadline: vacation days and a policy need hours (1 to 720)";
    return std::nullopt;
  }
  if (deadline.hours() > kMaxDeadlineHours) return "deadline: hours must be 1 to 720 (0: no deadline)";
  if (deadline.vacation_days() > kMaxDeadlineVacationDays) return "deadline: vacation days must be 0 to 30";
  if (deadline.policy() != v1::DEADLINE_POLICY_BUILTIN && deadline.policy() != v1::DEADLINE_POLICY_FORFEIT)
    return "deadline: the policy must be BUILTIN or FORFEIT";
  return std::nullopt;
}

}  // namespace hd::server
