// Issue 16 (e-mail; docs/server.md, "E-mail"): which addresses are accepted (none that could
// inject a header), the text of a message, and which relays are taken for loopback.
#include "notify/email_message.hpp"

#include "notify/email_sender.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace hd::server;

TEST_CASE("E-mail addresses: local@domain, printable, bounded; nothing that could end a header", "[email]") {
  for (const char* good :
       {"alice@example.org", "a.b+c_d-e@mail.example.co.uk", "x@localhost", "1@2.3", "o'brien@example.ie"}) {
    INFO(good);
    CHECK_FALSE(email_address_problem(good));
  }
  for (const char* bad : {"",
                          "alice",
                          "@example.org",
                          "alice@",
                          "a@b@c",
                          "alice @example.org",
                          "alice@example.org\r\nBcc: x@y.z",
                          "alice@example.org\nBcc: x@y.z",
                          "alice@exa\rmple.org",
                          "\"a\"@example.org",
                          "<alice@example.org>",
                          "alice@example.org, bob@example.org",
                          "alice@example..org",
                          "alice@-example.org",
                          "alice@example-.org",
                          ".alice@example.org",
                          "al..ice@example.org",
                          "alice@[127.0.0.1]",
                          "alice@exam_ple.org",
                          "ali\tce@example.org",
                          "alice@example.org;bob@x.y",
                          "al\xc3\xa9@example.org"}) {
    INFO(bad);
    const auto problem = email_address_problem(bad);
    REQUIRE(problem);
    CHECK(problem->find("name@domain") != std::string::npos);  // says what an address must be
  }
  CHECK(email_address_problem(std::string(65, 'a') + "@example.org"));
  const std::string long_domain = std::string(63, 'd') + "." + std::string(63, 'd') + "." +
                                  std::string(63, 'd') + "." + std::string(57, 'd') + ".org";
  REQUIRE(long_domain.size() == 253);
  CHECK(email_address_problem("a@" + long_domain));  // 255 bytes
  CHECK_FALSE(email_address_problem("a@" + long_domain.substr(1)));
}

TEST_CASE("An e-mail is RFC 5322 plain text with CRLF lines; its subject stays one header line", "[email]") {
  EmailMessage message{"bob@example.org", "Hundred Days: your turn in game 12 (Quatre Bras, 16/1500)",
                       "Your turn.\nhundreddays://play.example.org/game/12\n.\nbye", "game 12"};
  const std::string text = format_email(message, "hd@server.example", 1796475302, "ab12cd");
  const auto blank = text.find("\r\n\r\n");
  REQUIRE(blank != std::string::npos);
  const std::string headers = text.substr(0, blank + 2);
  CHECK(headers.starts_with("Date: Sat, 05 Dec 2026 12:55:02 +0000\r\n"));
  CHECK(headers.find("\r\nFrom: hd@server.example\r\n") != std::string::npos);
  CHECK(headers.find("\r\nTo: bob@example.org\r\n") != std::string::npos);
  CHECK(headers.find("\r\nSubject: Hundred Days: your turn in game 12 (Quatre Bras, 16/1500)\r\n") !=
        std::string::npos);
  CHECK(headers.find("\r\nMessage-ID: <ab12cd@server.example>\r\n") != std::string::npos);
  CHECK(headers.find("\r\nContent-Type: text/plain; charset=UTF-8\r\n") != std::string::npos);
  CHECK(text.substr(blank + 4) == "Your turn.\r\nhundreddays://play.example.org/game/12\r\n.\r\nbye\r\n");
  // No bare LF anywhere.
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') CHECK(text[i - 1] == '\r');

  // A subject with CR/LF (say, from a game title) cannot add a header; non-ASCII is encoded.
  message.subject = "turn\r\nBcc: victim@example.org\nX: y";
  std::string injected = format_email(message, "hd@server.example", 0, "1");
  std::string head = injected.substr(0, injected.find("\r\n\r\n") + 2);
  CHECK(head.find("\r\nBcc:") == std::string::npos);
  CHECK(head.find("\nX:") == std::string::npos);
  CHECK(head.find("Subject: turn  Bcc: victim@example.org X: y\r\n") != std::string::npos);
  message.subject = "Ligny \xc3\xa0 16/1500";
  injected = format_email(message, "hd@server.example", 0, "1");
  CHECK(injected.find("Subject: =?UTF-8?B?TGlnbnkgw6AgMTYvMTUwMA==?=\r\n") != std::string::npos);
  // A long subject is cut to 200 bytes at a character's start, not inside a UTF-8 sequence.
  message.subject = std::string(199, 'a') + "\xc3\xa0 and more";
  injected = format_email(message, "hd@server.example", 0, "1");
  const auto word = injected.find("Subject: ");
  CHECK(word != std::string::npos);
  CHECK(injected.substr(word + 9, 4) != "=?UT");  // what is left is ASCII: no encoded word
  CHECK(injected.find("Subject: " + std::string(199, 'a') + "\r\n") != std::string::npos);
  // A bad recipient (which the callers refuse before) never reaches the To header as it is.
  message.to = "x@y.z\r\nBcc: victim@example.org";
  injected = format_email(message, "hd@server.example", 0, "1");
  CHECK(injected.find("victim") == std::string::npos);
  CHECK(injected.find("To: invalid@invalid\r\n") != std::string::npos);
  // The Message-ID keeps letters and digits only.
  CHECK(format_email(message, "hd@server.example", 0, "a>b\r\nc")
            .find("Message-ID: <abc@server.example>\r\n") != std::string::npos);
}

TEST_CASE("E-mail dates are RFC 5322, in UTC", "[email]") {
  CHECK(email_date(0) == "Thu, 01 Jan 1970 00:00:00 +0000");
  CHECK(email_date(951782400) == "Tue, 29 Feb 2000 00:00:00 +0000");
}

TEST_CASE("STARTTLS is required but to a loopback relay", "[email]") {
  CHECK(smtp_host_is_loopback("smtp://127.0.0.1:2525"));
  CHECK(smtp_host_is_loopback("smtp://localhost"));
  CHECK(smtp_host_is_loopback("smtp://[::1]:25"));
  CHECK_FALSE(smtp_host_is_loopback("smtp://relay.example.org:587"));
  CHECK_FALSE(smtp_host_is_loopback("smtp://10.0.0.1"));
  CHECK_FALSE(smtp_host_is_loopback("smtp://127.0.0.1.example.org"));
}
