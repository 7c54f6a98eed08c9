// End-to-end (issue 16, notifications by e-mail; docs/server.md, "E-mail"): the real server on
// loopback with a real SQLite file sends through a real local SMTP sink (aiosmtpd, started here).
// Two accounts confirm their addresses with the codes mailed to them and play Quatre Bras to the
// end, with a restart midway: each gets exactly one e-mail per player turn in which a seat of
// theirs had to act (4.1) and one at the end, none twice; an unconfirmed address gets nothing but
// its code; bad addresses, wrong codes and a fourth code within the hour are refused, changing
// nothing; a server without smtp-url refuses SetEmail.
#include "account_steps.hpp"
#include "game_test_player.hpp"
#include "metrics_scrape.hpp"
#include "server_process.hpp"
#include "smtp_sink.hpp"
#include "sqlite_rows.hpp"

#include <hd/engine/play/random_player.hpp>
#include <hd/engine/rules/sequence/decisions.hpp>

#include <boost/asio/ip/tcp.hpp>
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <regex>
#include <set>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

v1::ClientEnvelope set_email(const std::string& address) {
  v1::ClientEnvelope envelope;
  envelope.mutable_set_email()->set_address(address);
  return envelope;
}

v1::ClientEnvelope confirm_email(const std::string& code) {
  v1::ClientEnvelope envelope;
  envelope.mutable_confirm_email()->set_code(code);
  return envelope;
}

std::vector<Mail> mails_to(const std::vector<Mail>& all, const std::string& address) {
  std::vector<Mail> to;
  for (const Mail& mail : all)
    if (mail.header("X-RcptTo") == address) to.push_back(mail);
  return to;
}

// The code of the (one) confirmation mail to `address`, or "".
std::string code_in(const std::vector<Mail>& all, const std::string& address) {
  std::smatch code;
  for (const Mail& mail : mails_to(all, address))
    if (std::regex_search(mail.body, code, std::regex("Your confirmation code is ([0-9]{8})\\.")))
      return code[1].str();
  return "";
}

// Sets and confirms `player`'s address with the code read from the sink.
void confirm_address(GamePlayer& player, SmtpSink& sink, const std::string& address) {
  const auto set = player.request(set_email(address));
  REQUIRE(set.has_email_set());
  CHECK(set.email_set().address() == address);
  CHECK_FALSE(set.email_set().confirmed());
  REQUIRE(sink.wait([&](const std::vector<Mail>& all) { return !code_in(all, address).empty(); }));
  const auto confirmed = player.request(confirm_email(code_in(sink.mails(), address)));
  REQUIRE(confirmed.has_email_set());
  CHECK(confirmed.email_set().confirmed());
  CHECK(confirmed.email_set().address() == address);
}

// What a seat holder of `side` is owed in `state`, by the server's rule (notify/turn_notices.cpp):
// (turn key, event, turn name) if a decider is of that side; the key 0 before the first player turn.
std::optional<std::tuple<int, std::string, std::string>> owed(const engine::GameState& state,
                                                              engine::Side side) {
  bool pending = false;
  for (const engine::Decider& decider : engine::deciders(state))
    pending = pending || decider.side == side;
  if (!pending) return std::nullopt;
  const auto turn = engine::player_turn(state);
  const int key = turn ? turn->turn * 2 + (turn->side == engine::Side::French ? 0 : 1) + 1 : 0;
  const bool phasing = turn && turn->side == side;
  return std::tuple{key, std::string(phasing ? "your-turn" : "decision"),
                    state.current_turn().name.to_string()};
}

std::vector<std::string> smtp_args(const SmtpSink& sink) {
  auto args = game_server_args();
  args.insert(args.end(), {"--game-link-base", "hundreddays://play.example.org", "--smtp-url", sink.url(),
                           "--smtp-from", "turns@play.example.org", "--smtp-timeout-seconds", "5"});
  return args;
}

}  // namespace

TEST_CASE(
    "Two confirmed accounts get one e-mail per player turn of theirs and one at the end, through a restart",
    "[e2e][games][email]") {
  SmtpSink sink;
  const auto args = smtp_args(sink);
  auto server = std::make_unique<ServerProcess>(ServerOptions{args, {}});
  auto alice_player = std::make_unique<GamePlayer>(server->port(), "alice");
  auto bob_player = std::make_unique<GamePlayer>(server->port(), "bob");
  auto carol_player = std::make_unique<GamePlayer>(server->port(), "carol");

  confirm_address(*alice_player, sink, "alice@example.org");
  confirm_address(*bob_player, sink, "bob@example.org");
  // Carol sets an address and never confirms it: it gets its code and nothing else.
  REQUIRE(carol_player->request(set_email("carol@example.org")).has_email_set());
  REQUIRE(sink.wait([](const std::vector<Mail>& all) { return !code_in(all, "carol@example.org").empty(); }));
  CHECK(query(server->database_path(),
              "SELECT address || ' ' || confirmed FROM account_emails ORDER BY account_id") ==
        std::vector<std::string>{"alice@example.org 1", "bob@example.org 1", "carol@example.org 0"});
  // The codes are kept hashed only, and forgotten once used.
  CHECK(query(server->database_path(), "SELECT count(*) FROM account_emails WHERE code_hash IS NULL") ==
        std::vector<std::string>{"2"});

  const auto created = alice_player->request(
      create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy("alice"), v1::SPECTATOR_VIEW_UNSPECIFIED));
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  REQUIRE(bob_player->request(join_game(game, v1::SEAT_ALLIED, test_entropy("bob"))).has_game_changed());
  REQUIRE(alice_player->request(open_game(game, false)).has_game_snapshot());
  const auto titles =
      query(server->database_path(), "SELECT title FROM games WHERE id = " + std::to_string(game));
  REQUIRE(titles.size() == 1);
  const std::string title = titles.front();

  engine::Viewer french;
  french.kind = engine::Viewer::Kind::Seat;
  french.army = engine::Army::French;
  Replica replica("quatre-bras", french);
  std::map<int, std::pair<std::string, std::string>> alice_owed;  // key -> (event, turn name)
  std::map<int, std::pair<std::string, std::string>> bob_owed;
  const auto note = [&](const engine::GameState& state) {
    if (const auto due = owed(state, engine::Side::French))
      alice_owed.emplace(std::get<0>(*due), std::pair{std::get<1>(*due), std::get<2>(*due)});
    if (const auto due = owed(state, engine::Side::Coalition))
      bob_owed.emplace(std::get<0>(*due), std::pair{std::get<1>(*due), std::get<2>(*due)});
  };
  note(replica.state());

  engine::SplitMix64 random(20261205);
  std::string why;
  int actions = 0;
  while (replica.state().phase != engine::Phase::GameOver && actions < 4000) {
    if (actions == 40) {
      // A restart on the same SQLite file: what was mailed is remembered, nothing is mailed again.
      const std::string tokens[] = {alice_player->session_token(), bob_player->session_token(),
                                    carol_player->session_token()};
      alice_player.reset();
      bob_player.reset();
      carol_player.reset();
      const auto directory = server->directory();
      REQUIRE(server->stop() == 0);
      server = std::make_unique<ServerProcess>(ServerOptions{args, directory});
      alice_player = std::make_unique<GamePlayer>(server->port(), "alice", tokens[0]);
      bob_player = std::make_unique<GamePlayer>(server->port(), "bob", tokens[1]);
      carol_player = std::make_unique<GamePlayer>(server->port(), "carol", tokens[2]);
      REQUIRE(alice_player->request(open_game(game, false)).has_game_snapshot());
    }
    const engine::Side side = engine::pending_decision(replica.state()).side;
    GamePlayer& actor = side == engine::Side::French ? *alice_player : *bob_player;
    const auto answer = actor.request(submit(game, engine::choose_random_action(replica.state(), random)));
    REQUIRE(answer.has_action_accepted());
    INFO(why);
    REQUIRE(replica.apply(alice_player->next_of(v1::ServerEnvelope::kGameUpdate).game_update(), why));
    if (replica.state().phase != engine::Phase::GameOver) note(replica.state());
    ++actions;
  }
  REQUIRE(replica.state().phase == engine::Phase::GameOver);
  REQUIRE(actions > 40);
  REQUIRE(alice_owed.size() > 2);
  REQUIRE(bob_owed.size() > 2);

  // Carol plays a game of her own against the built-in Allies: her turns come, nothing is mailed.
  auto solo =
      create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy("carol"), v1::SPECTATOR_VIEW_UNSPECIFIED);
  v1::SeatSetup& builtin = *solo.mutable_create_game()->add_seats();
  builtin.set_seat(v1::SEAT_ALLIED);
  builtin.set_built_in(true);
  REQUIRE(carol_player->request(solo).has_game_created());

  // A stop sends what is queued (within smtp-timeout-seconds) before the server exits, and the sink
  // has written each mail before it answers the server: after it, every mail there will be is here.
  REQUIRE(server->stop() == 0);
  const std::string log = server->log();
  CHECK(log.find("email_failed") == std::string::npos);
  CHECK(log.find("email_dropped") == std::string::npos);
  const auto all = sink.mails();
  const std::string link = "hundreddays://play.example.org/game/" + std::to_string(game);
  for (const auto& [address, owed_to] : {std::pair{std::string("alice@example.org"), &alice_owed},
                                         std::pair{std::string("bob@example.org"), &bob_owed}}) {
    INFO(address);
    std::multiset<std::string> got;
    std::set<std::string> message_ids;
    int codes = 0;
    int ends = 0;
    for (const Mail& mail : mails_to(all, address)) {
      const std::string subject = mail.header("Subject");
      INFO(subject);
      CHECK(mail.header("From") == "turns@play.example.org");
      CHECK(mail.header("To") == address);
      CHECK(mail.header("X-MailFrom") == "turns@play.example.org");
      CHECK(std::regex_match(mail.header("Date"),
                             std::regex("[A-Z][a-z]{2}, [0-9]{2} [A-Z][a-z]{2} [0-9]{4} [0-9:]{8} \\+0000")));
      CHECK(std::regex_match(mail.header("Message-ID"), std::regex("<[0-9a-f]{32}@play\\.example\\.org>")));
      message_ids.insert(mail.header("Message-ID"));
      if (subject == "Hundred Days: confirm your e-mail address") {
        CHECK(subject.find_first_of("0123456789") == std::string::npos);  // the code is in the body only
        ++codes;
        continue;
      }
      CHECK(mail.body.find(link) != std::string::npos);
      CHECK(mail.body.find("To stop these mails") != std::string::npos);
      if (subject == "Hundred Days: game " + std::to_string(game) + " has ended (" + title + ")") {
        ++ends;
        continue;
      }
      got.insert(subject);
    }
    CHECK(codes == 1);
    CHECK(ends == 1);
    CHECK(message_ids.size() == mails_to(all, address).size());
    std::multiset<std::string> expected;
    for (const auto& [key, notice] : *owed_to) {
      const auto& [event, turn] = notice;
      expected.insert(std::string("Hundred Days: ") +
                      (event == "your-turn" ? "your turn in " : "a decision is yours in ") + "game " +
                      std::to_string(game) + " (" + title + ", " + turn + ")");
    }
    CHECK(got == expected);  // one per player turn of theirs, none twice (across the restart too)
  }
  CHECK(mails_to(all, "carol@example.org").size() == 1);
  CHECK(all.size() ==
        mails_to(all, "alice@example.org").size() + mails_to(all, "bob@example.org").size() + 1);
  CHECK(query(server->database_path(), "SELECT count(*) FROM email_notices WHERE game_id = " +
                                           std::to_string(game)) == std::vector<std::string>{"2"});
  // The addresses never reach the log (of the second run; the codes are in no log line at all).
  CHECK(log.find("@example.org") == std::string::npos);
  CHECK(log.find("email_sent") != std::string::npos);
}

TEST_CASE(
    "SetEmail and ConfirmEmail refuse bad addresses, wrong codes and a fourth code an hour, changing nothing",
    "[e2e][email]") {
  SmtpSink sink;
  ServerProcess server({smtp_args(sink), {}});
  GamePlayer dave(server.port(), "dave");

  WsTestClient anonymous(server.port());
  say_hello(anonymous);
  auto anonymous_set = set_email("nobody@example.org");
  anonymous_set.set_request_id(7);
  CHECK(request(anonymous, anonymous_set).refusal().code() == v1::REFUSAL_CODE_LOGIN_REQUIRED);

  // Nothing to confirm yet.
  const auto early = dave.request(confirm_email("12345678"));
  REQUIRE(early.has_refusal());
  CHECK(early.refusal().code() == v1::REFUSAL_CODE_INVALID_REQUEST);
  CHECK(early.refusal().message().find("no e-mail address waits") != std::string::npos);

  for (const std::string& bad :
       {std::string("dave"), std::string("dave@example.org\r\nBcc: victim@example.org"),
        std::string("dave@example.org, victim@x.org"), std::string("<dave@example.org>"),
        std::string("dave@exa mple.org"), std::string(250, 'd') + "@example.org"}) {
    INFO(bad);
    const auto refused = dave.request(set_email(bad));
    REQUIRE(refused.has_refusal());
    CHECK(refused.refusal().code() == v1::REFUSAL_CODE_INVALID_REQUEST);
    CHECK(refused.refusal().message().find("name@domain") != std::string::npos);
  }
  CHECK(query(server.database_path(), "SELECT count(*) FROM account_emails") ==
        std::vector<std::string>{"0"});

  REQUIRE(dave.request(set_email("dave@example.org")).has_email_set());
  REQUIRE(sink.wait([](const std::vector<Mail>& all) { return !code_in(all, "dave@example.org").empty(); }));
  const std::string code = code_in(sink.mails(), "dave@example.org");
  const auto wrong = dave.request(confirm_email(code == "00000000" ? "00000001" : "00000000"));
  REQUIRE(wrong.has_refusal());
  CHECK(wrong.refusal().code() == v1::REFUSAL_CODE_INVALID_REQUEST);
  CHECK(wrong.refusal().message().find("wrong code") != std::string::npos);
  CHECK(query(server.database_path(), "SELECT confirmed FROM account_emails") ==
        std::vector<std::string>{"0"});

  // Two more codes within the hour are mailed; a fourth is refused and mails nothing.
  REQUIRE(dave.request(set_email("dave2@example.org")).has_email_set());
  REQUIRE(dave.request(set_email("dave3@example.org")).has_email_set());
  const auto fourth = dave.request(set_email("victim@example.org"));
  REQUIRE(fourth.has_refusal());
  CHECK(fourth.refusal().code() == v1::REFUSAL_CODE_LIMIT_REACHED);
  CHECK(fourth.refusal().message().find("per hour") != std::string::npos);
  CHECK(query(server.database_path(), "SELECT address FROM account_emails") ==
        std::vector<std::string>{"dave3@example.org"});
  REQUIRE(sink.wait([](const std::vector<Mail>& all) { return all.size() >= 3; }));
  // The first code died with its address; the last one confirms.
  CHECK(dave.request(confirm_email(code)).has_refusal());
  const std::string last = code_in(sink.mails(), "dave3@example.org");
  REQUIRE(!last.empty());
  const auto confirmed = dave.request(confirm_email(last));
  REQUIRE(confirmed.has_email_set());
  CHECK(confirmed.email_set().confirmed());
  CHECK(metric_becomes(server.port(), "hd_emails_total{outcome=\"sent\"}", 3));
  CHECK(mails_to(sink.mails(), "victim@example.org").empty());

  // Removing is always allowed.
  const auto removed = dave.request(set_email(""));
  REQUIRE(removed.has_email_set());
  CHECK(removed.email_set().address().empty());
  CHECK(query(server.database_path(), "SELECT count(*) FROM account_emails") ==
        std::vector<std::string>{"0"});
  CHECK(sink.mails().size() == 3);
}

TEST_CASE("A server without smtp-url refuses SetEmail NOT_ALLOWED", "[e2e][email]") {
  ServerProcess server({game_server_args(), {}});
  GamePlayer erin(server.port(), "erin");
  const auto refused = erin.request(set_email("erin@example.org"));
  REQUIRE(refused.has_refusal());
  CHECK(refused.refusal().code() == v1::REFUSAL_CODE_NOT_ALLOWED);
  CHECK(refused.refusal().message().find("sends no e-mail") != std::string::npos);
  CHECK(erin.request(set_email("")).has_email_set());
}

TEST_CASE("A relay that cannot be reached: the mail is logged failed and counted, and the server goes on",
          "[e2e][email]") {
  // A port just freed: nothing listens there.
  int port = 0;
  {
    boost::asio::io_context io;
    boost::asio::ip::tcp::acceptor acceptor(io, {boost::asio::ip::make_address("127.0.0.1"), 0});
    port = acceptor.local_endpoint().port();
  }
  auto args = game_server_args();
  args.insert(args.end(), {"--smtp-url", "smtp://127.0.0.1:" + std::to_string(port), "--smtp-from",
                           "turns@play.example.org", "--smtp-timeout-seconds", "2"});
  ServerProcess server({args, {}});
  GamePlayer frank(server.port(), "frank");
  REQUIRE(frank.request(set_email("frank@example.org")).has_email_set());
  CHECK(metric_becomes(server.port(), "hd_emails_total{outcome=\"failed\"}", 1));
  const std::string log = server.log();
  CHECK(log.find("email_failed") != std::string::npos);
  CHECK(log.find("confirmation-code") != std::string::npos);  // what failed, without the address
  CHECK(log.find("frank@example.org") == std::string::npos);
  CHECK(metric(server.port(), "hd_emails_total{outcome=\"sent\"}") == 0);
  CHECK(frank.request(set_email("")).has_email_set());  // still answering
}
