// Order-entry FIX session: messages from the client are dispatched in a
// switch on the MsgType. The session writes to a net::Connection (send()
// throws "connection closed" once closed; close() is idempotent) and keeps a
// drop-copy journal FILE*. teardown() closes both and leaves the state Closed;
// it checks journal_ so a second call does not fclose again. The journal is
// rolled at midnight by closing it and opening the next day's file.
// Defect: the session-level Reject case tears the session down after too many
// rejects but has no break, so it falls into the default case, which sends
// an "unsupported" reject on the closed connection.
#include <netconn.h>

#include <cstdio>
#include <string>

namespace fix {

enum class State { AwaitingLogon, Active, Closed };

struct Msg {
  char type = 0; // 'A' logon, 'D' new order, '5' logout, '3' reject
  std::string seq;
  std::string body;
};

class OrderSession {
public:
  OrderSession(net::Connection &conn, const std::string &journalPath)
      : conn_(conn), journal_(std::fopen(journalPath.c_str(), "a")) {}
  ~OrderSession() { teardown(); }

  void onMessage(const Msg &m) {
    if (state_ == State::Closed)
      return; // late frames after a logout are dropped
    switch (m.type) {
    case 'A':
      state_ = State::Active;
      conn_.send("35=A|34=" + m.seq + "|98=0|108=30");
      break;
    case 'D':
      if (state_ != State::Active) {
        conn_.send("35=3|45=" + m.seq + "|58=not logged on");
        break;
      }
      journal("NEW " + m.body);
      conn_.send("35=8|150=0|39=0|" + m.body);
      break;
    case '5':
      conn_.send("35=5|58=logout ack");
      teardown();
      break;
    case '3':
      journal("REJ " + m.body);
      if (++rejects_ < kMaxRejects)
        break;
      teardown();
    default:
      conn_.send("35=3|45=" + m.seq + "|58=unsupported msg type"); // BUG: use-after-close
      break;
    }
    if (state_ == State::Active)
      conn_.send("35=0|58=hb"); // OK: teardown() leaves the state Closed
  }

  // Midnight roll of the drop-copy journal.
  void rollJournal(const std::string &nextPath) {
    if (!journal_)
      return;
    std::fclose(journal_);
    journal_ = std::fopen(nextPath.c_str(), "a");
    journal("ROLL " + nextPath); // OK: journal_ now points at the new day's file
  }

  void teardown() {
    conn_.close();
    if (journal_) {
      std::fclose(journal_);
      journal_ = nullptr;
    }
    state_ = State::Closed;
  }

private:
  void journal(const std::string &line) {
    if (journal_)
      std::fprintf(journal_, "%s\n", line.c_str());
  }

  static constexpr int kMaxRejects = 5;
  net::Connection &conn_;
  FILE *journal_;
  State state_ = State::AwaitingLogon;
  int rejects_ = 0;
};

} // namespace fix

int main() {
  net::Connection conn("client-7.colo:9878");
  fix::OrderSession session(conn, "/tmp/dropcopy-20240301.log");
  session.onMessage({'A', "1", ""});
  session.onMessage({'D', "2", "11=ORD1|55=AAPL|54=1|38=100|44=189.10"});
  session.rollJournal("/tmp/dropcopy-20240302.log");
  for (int i = 0; i < 5; ++i)
    session.onMessage({'3', std::to_string(3 + i), "58=bad checksum"});
  session.teardown(); // OK: teardown() checks journal_; net::Connection::close() is idempotent
  return 0;
}
