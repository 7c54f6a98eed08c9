#include "model/client_model.hpp"

#include <utility>

namespace hd::client {

ClientModel::ClientModel(std::string server_url) : server_url_(std::move(server_url)) {}

void ClientModel::apply(const ServerEvent& event) {
  struct Visitor {
    ClientModel& model;

    void operator()(const Connected&) const {
      if (model.state_ == ConnectionState::Connecting) model.state_ = ConnectionState::Connected;
    }
    void operator()(const WelcomeReceived& received) const {
      model.welcome_ = received.welcome;
      model.state_ = ConnectionState::Welcomed;
    }
    void operator()(const RefusalReceived& received) const {
      model.refusal_ = received.refusal;
      model.state_ = ConnectionState::Refused;
    }
    void operator()(const ConnectionFailed& failed) const {
      if (model.state_ == ConnectionState::Refused || model.state_ == ConnectionState::Failed) return;
      model.failure_ = failed.message;
      model.state_ = ConnectionState::Failed;
    }
  };
  std::visit(Visitor{*this}, event);
}

}  // namespace hd::client
