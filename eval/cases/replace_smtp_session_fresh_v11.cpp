// An SMTP notifier that recycles sessions in several ways: move-assigning a new
// SmtpConn over a closed one, std::exchange() with a fresh connection,
// std::optional reset()/emplace(), and unique_ptr::reset(new ...). After each
// replacement the variable names a new, open connection, so the commands that
// follow are fine, and the move assignment's close() of the old state is a
// no-op when that state was already closed. No use-after-close or double-close.
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class SmtpConn {
public:
  SmtpConn() = default;
  explicit SmtpConn(std::string host) : host_(std::move(host)), open_(true) {}
  SmtpConn(SmtpConn &&o) noexcept
      : host_(std::move(o.host_)), open_(std::exchange(o.open_, false)) {}
  SmtpConn &operator=(SmtpConn &&o) noexcept {
    if (this != &o) {
      close();
      host_ = std::move(o.host_);
      open_ = std::exchange(o.open_, false);
    }
    return *this;
  }
  ~SmtpConn() { close(); }

  void command(const std::string &line) {
    if (!open_)
      throw std::runtime_error("SMTP session to " + host_ + " is closed");
    transcript_.push_back(line);
  }
  void close() {
    if (!open_)
      return;
    transcript_.push_back("QUIT");
    open_ = false;
  }

private:
  std::string host_;
  bool open_ = false;
  std::vector<std::string> transcript_;
};

void sendDigest(const std::string &relay, const std::vector<std::string> &recipients) {
  SmtpConn conn(relay);
  conn.command("MAIL FROM:<digest@example.org>");
  for (std::size_t i = 0; i < recipients.size(); ++i) {
    if (i != 0 && i % 50 == 0) { // the relay accepts 50 recipients per session
      conn.close();
      conn = SmtpConn(relay);
      conn.command("MAIL FROM:<digest@example.org>"); // OK: a new session was move-assigned
    }
    conn.command("RCPT TO:<" + recipients[i] + ">");
  }
  conn.command("DATA");
  conn.close();
}

void rotateRelay(SmtpConn &active, const std::string &nextRelay) {
  SmtpConn previous = std::exchange(active, SmtpConn(nextRelay));
  previous.close();
  active.command("EHLO notifier"); // OK: active holds the freshly exchanged connection
}

class Notifier {
public:
  explicit Notifier(std::string relay) : relay_(std::move(relay)) {}

  void notify(const std::string &to, const std::string &subject) {
    if (!session_)
      session_.emplace(relay_);
    session_->command("MAIL FROM:<alerts@example.org>");
    session_->command("RCPT TO:<" + to + "> " + subject);
  }

  void failover(const std::string &backupRelay) {
    if (session_)
      session_->close();
    session_.reset();
    relay_ = backupRelay;
    session_.emplace(relay_);
    session_->command("EHLO notifier"); // OK: emplace() built a new session after reset()
  }

private:
  std::string relay_;
  std::optional<SmtpConn> session_;
};

void probeRelay(std::unique_ptr<SmtpConn> &slot, const std::string &host) {
  slot->close();
  slot.reset(new SmtpConn(host));
  slot->command("NOOP"); // OK: reset() installed a new connection
}
