#include "notify/email_sender.hpp"

#include "accounts/password_hashing.hpp"
#include "log.hpp"

#include <boost/asio/ip/address.hpp>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <curl/curl.h>
#include <mutex>
#include <optional>

namespace hd::server {

namespace {

std::int64_t now_unix() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// The host of smtp://host[:port][/...] or smtps://... (without an IPv6 address's brackets).
std::string url_host(const std::string& url) {
  const auto scheme = url.find("://");
  if (scheme == std::string::npos) return "";
  const std::string rest = url.substr(scheme + 3);
  const std::string authority = rest.substr(0, rest.find_first_of("/?#"));
  if (authority.starts_with("[")) return authority.substr(1, authority.find(']') - 1);
  return authority.substr(0, authority.find(':'));
}

struct Upload {
  const std::string* text;
  std::size_t at = 0;
};

std::size_t read_upload(char* buffer, std::size_t size, std::size_t count, void* user) {
  auto* upload = static_cast<Upload*>(user);
  const std::size_t n = std::min(size * count, upload->text->size() - upload->at);
  std::memcpy(buffer, upload->text->data() + upload->at, n);
  upload->at += n;
  return n;
}

}  // namespace

bool smtp_host_is_loopback(const std::string& url) {
  const std::string host = url_host(url);
  if (host == "localhost") return true;
  boost::system::error_code error;
  const auto address = boost::asio::ip::make_address(host, error);
  return !error && address.is_loopback();
}

EmailSender::EmailSender(SmtpSettings settings, Metrics& metrics)
    : settings_(std::move(settings)), metrics_(metrics) {
  settings_.queue_limit = std::max<std::size_t>(settings_.queue_limit, 1);
  static std::once_flag curl_ready;
  std::call_once(curl_ready, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
  worker_ = std::thread([this] { run(); });
}

EmailSender::~EmailSender() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  worker_.join();
}

void EmailSender::send(EmailMessage message) {
  {
    const std::lock_guard lock(mutex_);
    if (queue_.size() >= settings_.queue_limit) {
      log_event(LogLevel::Warning, "email_dropped",
                {{"what", queue_.front().what}, {"reason", "the e-mail queue is full"}});
      queue_.pop_front();
      metrics_.count_email(Metrics::EmailOutcome::Dropped);
    }
    queue_.push_back(std::move(message));
  }
  wake_.notify_one();
}

void EmailSender::run() {
  using Clock = std::chrono::steady_clock;
  std::optional<Clock::time_point> stop_deadline;  // set once stopping: the queue's last chance
  while (true) {
    EmailMessage message;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_ && !stop_deadline) stop_deadline = Clock::now() + settings_.timeout;
      if (queue_.empty()) return;
      if (stop_deadline && Clock::now() >= *stop_deadline) {
        for (const EmailMessage& left : queue_) {
          log_event(LogLevel::Warning, "email_dropped",
                    {{"what", left.what}, {"reason", "the server stopped"}});
          metrics_.count_email(Metrics::EmailOutcome::Dropped);
        }
        queue_.clear();
        return;
      }
      message = std::move(queue_.front());
      queue_.pop_front();
    }
    auto timeout = std::chrono::duration_cast<std::chrono::milliseconds>(settings_.timeout);
    if (stop_deadline)
      timeout = std::max(std::chrono::milliseconds(1),
                         std::min(timeout, std::chrono::duration_cast<std::chrono::milliseconds>(
                                               *stop_deadline - Clock::now())));
    deliver(message, timeout);
  }
}

void EmailSender::deliver(const EmailMessage& message, std::chrono::milliseconds timeout) {
  // 16 random bytes in hex: the Message-ID's left part.
  const std::string text = format_email(message, settings_.from, now_unix(), random_hex(16));
  CURL* curl = curl_easy_init();
  if (curl == nullptr) {
    log_event(LogLevel::Warning, "email_failed",
              {{"what", message.what}, {"error", "curl_easy_init failed"}});
    metrics_.count_email(Metrics::EmailOutcome::Failed);
    return;
  }
  Upload upload{&text};
  char error_text[CURL_ERROR_SIZE] = {};
  const std::string mail_from = "<" + settings_.from + ">";
  curl_slist* recipients = curl_slist_append(nullptr, ("<" + message.to + ">").c_str());
  curl_easy_setopt(curl, CURLOPT_URL, settings_.url.c_str());
  curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, static_cast<long>(timeout.count()));
  curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error_text);
  curl_easy_setopt(curl, CURLOPT_MAIL_FROM, mail_from.c_str());
  curl_easy_setopt(curl, CURLOPT_MAIL_RCPT, recipients);
  curl_easy_setopt(curl, CURLOPT_READFUNCTION, read_upload);
  curl_easy_setopt(curl, CURLOPT_READDATA, &upload);
  curl_easy_setopt(curl, CURLOPT_UPLOAD, 1L);
  curl_easy_setopt(curl, CURLOPT_USE_SSL,
                   smtp_host_is_loopback(settings_.url) ? static_cast<long>(CURLUSESSL_TRY)
                                                        : static_cast<long>(CURLUSESSL_ALL));
  if (!settings_.user.empty()) {
    curl_easy_setopt(curl, CURLOPT_USERNAME, settings_.user.c_str());
    curl_easy_setopt(curl, CURLOPT_PASSWORD, settings_.password.c_str());
  }
  const CURLcode result = curl_easy_perform(curl);
  curl_slist_free_all(recipients);
  curl_easy_cleanup(curl);
  if (result != CURLE_OK) {
    // The relay's words may echo anything: the log escapes and cuts them.
    log_event(
        LogLevel::Warning, "email_failed",
        {{"what", message.what},
         {"error", std::string(curl_easy_strerror(result)) + (error_text[0] ? ": " : "") + error_text}});
    metrics_.count_email(Metrics::EmailOutcome::Failed);
    return;
  }
  log_event(LogLevel::Info, "email_sent", {{"what", message.what}});
  metrics_.count_email(Metrics::EmailOutcome::Sent);
}

}  // namespace hd::server
