// The hd_term program against the real server (loopback, a real SQLite file): register, login,
// resume with a token file, logout, and refusals under --strict; and a scripted quatre-bras game
// between two hd_term processes whose bots play it to the end, exported and checked by hd_verify.
#include "build_paths.hpp"
#include "process.hpp"
#include "server_process.hpp"
#include "term_run.hpp"

#include <catch2/catch.hpp>

#include <fstream>

using hd::test::ServerOptions;
using hd::test::ServerProcess;

namespace {

// A server with cheap password hashing (tests only), the source tree's scenarios and no request
// rate limit to speak of (hd_term is not throttled here; the back-off is load_smoke_test's).
ServerOptions test_server_options() {
  ServerOptions options;
  options.extra_args = hd::test::unthrottled_args(hd::test::data_root());
  return options;
}

using hd::test::read_text_file;
using hd::test::TermRun;

// Runs hd_term on `script` against the server; its output is collected in a file.
TermRun run_term(const ServerProcess& server, const std::string& name, const std::string& script,
                 const std::vector<std::string>& extra = {}) {
  const auto script_path = server.directory() / (name + ".script");
  const auto output_path = server.directory() / (name + ".out");
  std::ofstream(script_path) << script;
  std::vector<std::string> argv{hd::test::built_program("hd_term"), "--server", server.url(), "--script",
                                script_path.string()};
  argv.insert(argv.end(), extra.begin(), extra.end());
  const int pid = hd::test::spawn_process(argv, output_path.string());
  TermRun run;
  run.status = hd::test::wait_process(pid, std::chrono::seconds(60));
  run.output = read_text_file(output_path);
  return run;
}

}  // namespace

TEST_CASE("hd_term registers, keeps its token in a file and resumes with it", "[terminal][e2e]") {
  ServerProcess server(test_server_options());
  const auto token_file = server.directory() / "alice.token";
  const std::vector<std::string> token_args{"--token-file", token_file.string(), "--strict"};

  const TermRun registered = run_term(server, "register", "register alice secret-password\n", token_args);
  INFO(registered.output);
  REQUIRE(registered.status == 0);
  CHECK(registered.output.find("logged in as alice") != std::string::npos);
  const std::string token = read_text_file(token_file);
  REQUIRE(token.size() == 65);  // 64 hex digits and a newline

  const TermRun resumed = run_term(server, "resume", "resume\ngames mine\n", token_args);
  INFO(resumed.output);
  CHECK(resumed.status == 0);
  CHECK(resumed.output.find("logged in as alice") != std::string::npos);
  CHECK(resumed.output.find("0 games") != std::string::npos);

  const TermRun login = run_term(server, "login", "login alice secret-password\n", {"--strict"});
  INFO(login.output);
  CHECK(login.status == 0);

  // Refusals: a wrong password, and a token that was never issued, under --strict exit 1.
  const TermRun wrong = run_term(server, "wrong", "login alice not-the-password\ngames\n", {"--strict"});
  INFO(wrong.output);
  CHECK(wrong.status == 1);
  CHECK(wrong.output.find("BAD_CREDENTIALS") != std::string::npos);
  CHECK(wrong.output.find("> games") == std::string::npos);  // --strict stopped at the refusal

  const TermRun forged = run_term(server, "forged", "resume " + std::string(64, 'a') + "\n", {"--strict"});
  CHECK(forged.status == 1);
  CHECK(forged.output.find("BAD_CREDENTIALS") != std::string::npos);

  // Logging out ends the token everywhere.
  const TermRun logout = run_term(server, "logout", "resume\nlogout\n", token_args);
  CHECK(logout.status == 0);
  const TermRun after = run_term(server, "after", "resume\n", token_args);
  CHECK(after.status == 1);
}

TEST_CASE("two hd_term programs play quatre-bras to the end by script and hd_verify passes",
          "[terminal][e2e][game]") {
  ServerProcess server(test_server_options());
  const auto alice_token = (server.directory() / "alice.token").string();
  const TermRun created =
      run_term(server, "create", "register alice alice-password\ncreate quatre-bras take=french\n",
               {"--token-file", alice_token, "--strict"});
  INFO(created.output);
  REQUIRE(created.status == 0);
  REQUIRE(created.output.find("created game 1 ") != std::string::npos);

  // Both players' programs run at once: the French bot waits until the Allied player has joined (the
  // game then runs), then both bots play to the end from their seats' views.
  const auto script = [&](const std::string& name, const std::string& text) {
    const auto path = server.directory() / (name + ".script");
    std::ofstream(path) << text;
    return path.string();
  };
  const auto record = server.directory() / "game.rec";
  const int alice = hd::test::spawn_process(
      {hd::test::built_program("hd_term"), "--server", server.url(), "--token-file", alice_token, "--strict",
       "--bot-seed", "3", "--script", script("alice-play", "resume\nopen 1\nchat good luck\nbot\n")},
      (server.directory() / "alice-play.out").string());
  const int bob = hd::test::spawn_process(
      {hd::test::built_program("hd_term"), "--server", server.url(), "--strict", "--bot-seed", "4",
       "--script",
       script("bob-play", "register bob bob-password\njoin 1 allied\nopen 1\nbot\nstate\nexport " +
                              record.string() + "\n")},
      (server.directory() / "bob-play.out").string());
  const int alice_status = hd::test::wait_process(alice, std::chrono::seconds(240));
  const int bob_status = hd::test::wait_process(bob, std::chrono::seconds(240));
  const std::string alice_out = read_text_file(server.directory() / "alice-play.out");
  const std::string bob_out = read_text_file(server.directory() / "bob-play.out");
  INFO(alice_out);
  INFO(bob_out);
  CHECK(alice_status == 0);
  REQUIRE(bob_status == 0);
  CHECK(alice_out.find("bot: game over after") != std::string::npos);
  CHECK(bob_out.find("bot: game over after") != std::string::npos);
  CHECK(bob_out.find("result: ") != std::string::npos);
  CHECK(bob_out.find("exported game 1") != std::string::npos);
  CHECK(bob_out.find("chat alice: good luck") != std::string::npos);  // live or in the snapshot

  const auto verify_out = server.directory() / "verify.out";
  const int verified = hd::test::wait_process(
      hd::test::spawn_process({hd::test::built_program("hd_verify"), "--data", hd::test::data_root(),
                               record.string(), record.string() + ".proof"},
                              verify_out.string()),
      std::chrono::seconds(60));
  INFO(read_text_file(verify_out));
  CHECK(verified == 0);
  CHECK(read_text_file(verify_out).find("verified: game 1 (quatre-bras)") == 0);
}

TEST_CASE("hd_term creates a game with a turn deadline and lists it with the time and vacation left",
          "[terminal][e2e][deadline]") {
  ServerProcess server(test_server_options());
  const TermRun created =
      run_term(server, "deadline-alice",
               "register alice secret-password\n"
               "create quatre-bras deadline=48 vacation=3 on-deadline=forfeit take=french\n"
               "create quatre-bras take=french\n"
               "games mine\n",
               {"--strict"});
  INFO(created.output);
  REQUIRE(created.status == 0);
  CHECK(created.output.find("created game 1 ") != std::string::npos);
  CHECK(created.output.find(" deadline 48h vacation 3 on-deadline forfeit") != std::string::npos);
  CHECK(created.output.find(" deadline none") != std::string::npos);  // the second game has none

  const TermRun joined =
      run_term(server, "deadline-bob",
               "register bob secret-password\njoin 1 allied\ngames mine\nopen 1\nstate\n", {"--strict"});
  INFO(joined.output);
  REQUIRE(joined.status == 0);
  // Running: the wait began at the start; 48 hours less the seconds since (47h once one has passed).
  CHECK(joined.output.find(" running ") != std::string::npos);
  const std::string terms = " deadline 48h vacation 3 on-deadline forfeit deadline-in ";
  CHECK((joined.output.find(terms + "48h vacation-left ") != std::string::npos ||
         joined.output.find(terms + "47h vacation-left ") != std::string::npos));
  CHECK(joined.output.find("french=3") != std::string::npos);
  CHECK(joined.output.find("allied=3") != std::string::npos);
  // The open game's lines say it too.
  CHECK(joined.output.find(
            "opened game 1 at sequence 0 as allied deadline 48h vacation 3 on-deadline forfeit") !=
        std::string::npos);
  CHECK(joined.output.find("game 1 sequence 0 deadline 48h vacation 3 on-deadline forfeit") !=
        std::string::npos);

  // A bad value is the client's usage; a value out of range is the server's refusal.
  const TermRun bad =
      run_term(server, "deadline-bad", "login alice secret-password\ncreate quatre-bras deadline=soon\n",
               {"--strict"});
  CHECK(bad.status == 1);
  CHECK(bad.output.find("deadline=HOURS vacation=DAYS on-deadline=builtin|forfeit") != std::string::npos);
  const TermRun refused =
      run_term(server, "deadline-refused",
               "login alice secret-password\ncreate quatre-bras deadline=721 take=french\n", {"--strict"});
  INFO(refused.output);
  CHECK(refused.status == 1);
  CHECK(refused.output.find("INVALID_REQUEST") != std::string::npos);
}

TEST_CASE("hd_term sets, lists and clears the seat's own standing orders; the opponent sees none",
          "[terminal][e2e][standing-orders]") {
  ServerProcess server(test_server_options());
  const TermRun created =
      run_term(server, "orders-alice", "register alice secret-password\ncreate quatre-bras take=french\n",
               {"--strict"});
  INFO(created.output);
  REQUIRE(created.status == 0);
  const TermRun set = run_term(server, "orders-bob",
                               "register bob secret-password\njoin 1 allied\nopen 1\n"
                               "orders Wmar retreat 1844 1846 toward 1946 hold\norders\n",
                               {"--strict"});
  INFO(set.output);
  REQUIRE(set.status == 0);
  CHECK(set.output.find("Wmar: retreat 1844 1846, toward 1946, hold") != std::string::npos);

  // The opponent is shown none; it may not order bob's unit; a word out of place is the usage.
  const TermRun other =
      run_term(server, "orders-other", "login alice secret-password\nopen 1\norders\n", {"--strict"});
  INFO(other.output);
  REQUIRE(other.status == 0);
  CHECK(other.output.find("no standing orders") != std::string::npos);
  CHECK(other.output.find("Wmar:") == std::string::npos);
  const TermRun foreign = run_term(
      server, "orders-foreign", "login alice secret-password\nopen 1\norders Wmar advance\n", {"--strict"});
  CHECK(foreign.status == 1);
  CHECK(foreign.output.find("NOT_YOUR_SEAT") != std::string::npos);
  const TermRun usage =
      run_term(server, "orders-usage", "login bob secret-password\nopen 1\norders Wmar 1844\n", {"--strict"});
  CHECK(usage.status == 1);
  CHECK(usage.output.find("usage: orders") != std::string::npos);

  const TermRun cleared = run_term(server, "orders-clear",
                                   "login bob secret-password\nopen 1\norders clear Wmar\n", {"--strict"});
  INFO(cleared.output);
  REQUIRE(cleared.status == 0);
  CHECK(cleared.output.find("no standing orders") != std::string::npos);
}

TEST_CASE("hd_term watches the lobby: each pushed game a line, and YOUR-TURN on ours",
          "[terminal][e2e][lobby]") {
  ServerProcess server(test_server_options());
  // Alice's own open game, pushed to her watching hd_term (`watch 1` listens a second: changes
  // within one 250 ms window come as one push of the latest).
  const TermRun watched = run_term(server, "lobby-alice",
                                   "register alice secret-password\n"
                                   "watch on\n"
                                   "create quatre-bras take=french\n"
                                   "watch 1\n"
                                   "join 1 allied\n"
                                   "watch 1\n"
                                   "games mine\n"
                                   "watch off\n",
                                   {"--strict"});
  INFO(watched.output);
  REQUIRE(watched.status == 0);
  CHECK(watched.output.find("lobby watch on") != std::string::npos);
  CHECK(watched.output.find("lobby: game 1 quatre-bras open") != std::string::npos);
  // Both seats are hers once she joins: the game waits for her, pushed and listed as YOUR-TURN.
  CHECK(watched.output.find("lobby: game 1 quatre-bras running") != std::string::npos);
  const auto pushed = watched.output.find("lobby: game 1 quatre-bras running");
  CHECK(watched.output.find("YOUR-TURN", pushed) != std::string::npos);
  const auto listed = watched.output.find("1 games\n");
  REQUIRE(listed != std::string::npos);
  CHECK(watched.output.find("YOUR-TURN", listed) != std::string::npos);
  CHECK(watched.output.find("lobby watch off") != std::string::npos);
  CHECK(watched.output.find("usage: watch") == std::string::npos);
}

// Issue 14 (fog of war): a Quatre Bras game with 16.3. hd_term watches it from the French side as
// its built-in players play it: it says once that the board is the side's view and follows the
// side's own numbering with no error; a bot asked to play such a game plays it from the French
// seat's view against the built-in players.
TEST_CASE("hd_term opens a game with fog of war (16.3): the side's view; the bot plays it",
          "[terminal][e2e][16.3][fog]") {
  ServerProcess server(test_server_options());
  const std::string notice =
      "fog of war (16.3): the board shown is your side's view from the server, not the whole board";
  const TermRun watched = run_term(
      server, "fog-watch",
      "register alice secret-password\n"
      "create quatre-bras rule=16.3 french=builtin prussian=builtin allied=builtin spectators=french\n"
      "spectate 1\n"
      "wait\n"
      "state\n",
      {"--strict"});
  INFO(watched.output);
  REQUIRE(watched.status == 0);
  CHECK(watched.output.find("NOT BY THE BOOK") == std::string::npos);  // 16.3 is played by the book
  const auto said = watched.output.find(notice);
  CHECK(said != std::string::npos);
  CHECK(watched.output.find(notice, said + 1) == std::string::npos);  // once
  CHECK(watched.output.find("the game is over") != std::string::npos);
  // The built-in players play at once: unless the game was over when opened (the snapshot then
  // shows its result before `wait`), updates followed, the Allies' moves cut to side and verb.
  const auto opened = watched.output.find("> spectate 1");
  const auto waited = watched.output.find("> wait");
  REQUIRE(opened < waited);
  const bool over_when_opened =
      watched.output.substr(opened, waited - opened).find("result: ") != std::string::npos;
  CHECK((over_when_opened || watched.output.find("coalition move\n") != std::string::npos));
  CHECK(watched.output.find("error:") == std::string::npos);  // the side's numbering followed

  const TermRun bot = run_term(server, "fog-bot",
                               "register bob secret-password\n"
                               "create quatre-bras rule=16.3 prussian=builtin allied=builtin take=french\n"
                               "open 2\n"
                               "bot\n",
                               {"--strict"});
  INFO(bot.output);
  CHECK(bot.status == 0);
  CHECK(bot.output.find(notice) != std::string::npos);
  // The bot plays the game to its end from the French seat's view (issue 14).
  CHECK(bot.output.find("bot: game over after ") != std::string::npos);
  CHECK(bot.output.find("the bot cannot play") == std::string::npos);
  CHECK(bot.output.find("error:") == std::string::npos);
}
