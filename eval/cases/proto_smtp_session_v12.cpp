// A mail notifier with its own SmtpSession class. The class defines the
// protocol: close() sends QUIT and moves the state to Closed; every command on
// a closed session throws std::logic_error, and so does a second close().
// Bugs: notifyAll() closes the session on a rejected recipient to "reset" it
// and keeps looping; sendReport() calls a helper that closes and then mails
// the admin; relogin() logs in on the session it just closed (the class has
// no reopen); shutdown() closes in the runtime_error handler and again after
// the try statement.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class SmtpSession {
public:
  enum class State { Connected, Authenticated, Closed };

  explicit SmtpSession(std::string Host) : Host(std::move(Host)) {}

  void login(const std::string &User) {
    requireOpen("login");
    Transcript.push_back("AUTH PLAIN " + User);
    St = State::Authenticated;
  }
  bool sendMail(const std::string &To, const std::string &Body) {
    requireOpen("sendMail");
    if (Body.size() > MaxMessageSize)
      throw std::runtime_error("552 message size exceeds fixed maximum");
    Transcript.push_back("RCPT TO:<" + To + ">");
    Transcript.push_back("DATA " + Body);
    return To.find('@') != std::string::npos;
  }
  void close() {
    if (St == State::Closed)
      throw std::logic_error("SmtpSession::close: already closed");
    Transcript.push_back("QUIT");
    St = State::Closed;
  }
  bool closed() const { return St == State::Closed; }

private:
  void requireOpen(const char *Op) const {
    if (St == State::Closed)
      throw std::logic_error(std::string(Op) + ": session to " + Host + " is closed");
  }
  static constexpr std::size_t MaxMessageSize = 10 * 1024 * 1024;
  std::string Host;
  State St = State::Connected;
  std::vector<std::string> Transcript;
};

void notifyAll(SmtpSession &S, const std::vector<std::string> &Recipients,
               const std::string &Text) {
  for (const std::string &R : Recipients) {
    if (!S.sendMail(R, Text)) // BUG: use-after-close
      S.close();
  }
}

static void finishBatch(SmtpSession &S, int Sent) {
  if (Sent > 0)
    S.sendMail("archive@example.com", std::to_string(Sent) + " mails sent");
  S.close();
}

void sendReport(SmtpSession &S, const std::vector<std::string> &Lines) {
  int Sent = 0;
  for (const std::string &L : Lines)
    Sent += S.sendMail("reports@example.com", L) ? 1 : 0;
  finishBatch(S, Sent);
  S.sendMail("admin@example.com", "report done"); // BUG: use-after-close
}

// Called when the server answers 421: drop the session and log in again.
void relogin(SmtpSession &S, const std::string &User) {
  S.close();
  S.login(User); // BUG: use-after-close
}

void shutdown(SmtpSession &S, const std::string &FinalReport) {
  try {
    S.sendMail("ops@example.com", FinalReport);
  } catch (const std::logic_error &) {
    return;
  } catch (const std::runtime_error &) {
    S.close();
  }
  if (!S.closed())
    S.sendMail("ops@example.com", "bye"); // OK: guarded by closed()
  S.close(); // BUG: double-close
}

int main() {
  SmtpSession S("smtp.example.com");
  S.login("notifier");
  sendReport(S, {"cpu ok", "disk 91%"});
  SmtpSession Alerts("smtp.example.com");
  Alerts.login("alerts");
  notifyAll(Alerts, {"a@example.com", "nobody", "b@example.com"}, "disk alert");
  SmtpSession Relay("smtp-2.example.com");
  Relay.login("relay");
  relogin(Relay, "relay");
  SmtpSession Ops("smtp.example.com");
  Ops.login("ops");
  shutdown(Ops, std::string(12 * 1024 * 1024, 'x'));
  return 0;
}
