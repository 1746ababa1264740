// Outbound mail relay: the SMTP session to the smarthost is a
// std::unique_ptr<net::Connection> (netconn.h: send() and flush() throw
// "connection closed" once the connection is closed; close() only marks it
// closed and may be called again). The relay starts with a closed placeholder
// and dials lazily; an idle timeout closes the session. reconnect() resolves
// the smarthost and replaces the connection with a fresh one; when the name
// cannot be resolved the old, closed connection stays in place.
#include <chrono>
#include <deque>
#include <iostream>
#include <memory>
#include <netdb.h>
#include <string>
#include <sys/socket.h>
#include <thread>
#include <utility>
#include <vector>

#include "netconn.h"

struct Mail {
  std::string from;
  std::vector<std::string> rcpt;
  std::string body;
};

class SmtpRelay {
public:
  SmtpRelay(std::string smarthost, std::string heloName);
  bool deliver(const Mail &m);
  bool deliverWithRetry(const Mail &m);
  void drain(std::deque<Mail> &queue);
  void keepAlive();
  void onIdleTimeout();

private:
  std::unique_ptr<net::Connection> dial() const;
  bool reconnect();
  void sendQuit();
  std::string smarthost_;
  std::string helo_;
  std::unique_ptr<net::Connection> conn_;
};

SmtpRelay::SmtpRelay(std::string smarthost, std::string heloName)
    : smarthost_(std::move(smarthost)), helo_(std::move(heloName)),
      conn_(std::make_unique<net::Connection>(smarthost_ + ":25")) {
  conn_->close();
}

std::unique_ptr<net::Connection> SmtpRelay::dial() const {
  addrinfo hints{};
  hints.ai_socktype = SOCK_STREAM;
  addrinfo *res = nullptr;
  if (getaddrinfo(smarthost_.c_str(), "25", &hints, &res) != 0)
    return nullptr;
  freeaddrinfo(res);
  return std::make_unique<net::Connection>(smarthost_ + ":25");
}

bool SmtpRelay::reconnect() {
  conn_->close();
  std::unique_ptr<net::Connection> fresh = dial();
  if (!fresh)
    return false;
  conn_ = std::move(fresh);
  conn_->send("EHLO " + helo_); // OK: conn_ was just replaced by a fresh connection
  return true;
}

bool SmtpRelay::deliver(const Mail &m) {
  if (conn_->isClosed() && !reconnect())
    return false;
  conn_->send("MAIL FROM:<" + m.from + ">"); // OK: open, or reconnect() succeeded
  for (const std::string &r : m.rcpt)
    conn_->send("RCPT TO:<" + r + ">");
  conn_->send("DATA");
  conn_->send(m.body + "\r\n.");
  conn_->flush();
  return true;
}

bool SmtpRelay::deliverWithRetry(const Mail &m) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (deliver(m))
      return true;
    std::this_thread::sleep_for(std::chrono::seconds(1 << attempt));
  }
  return false;
}

void SmtpRelay::sendQuit() {
  conn_->send("QUIT"); // SAME: quit
  conn_->flush();
}

void SmtpRelay::drain(std::deque<Mail> &queue) {
  while (!queue.empty()) {
    if (!deliverWithRetry(queue.front())) {
      std::cerr << "smarthost unreachable, deferring " << queue.size() << " messages\n";
      break;
    }
    queue.pop_front();
  }
  sendQuit(); // BUG: use-after-close #quit
}

void SmtpRelay::keepAlive() {
  if (conn_->isClosed())
    return;
  conn_->send("NOOP"); // OK: checked isClosed() above
}

void SmtpRelay::onIdleTimeout() {
  if (conn_->isClosed())
    return;
  conn_->flush();
  conn_->close();
}

int main(int argc, char **argv) {
  SmtpRelay relay(argc > 1 ? argv[1] : "smarthost.mail.internal", "mx3.example.org");
  std::deque<Mail> queue = {
      {"billing@example.org", {"ap@customer.example"}, "Subject: Invoice 2024-117"},
      {"noreply@example.org", {"ops@example.org"}, "Subject: nightly report"},
  };
  try {
    relay.drain(queue);
  } catch (const std::exception &e) {
    std::cerr << "relay: " << e.what() << "\n";
  }
  relay.keepAlive();
  relay.onIdleTimeout();
  return queue.empty() ? 0 : 75;
}
