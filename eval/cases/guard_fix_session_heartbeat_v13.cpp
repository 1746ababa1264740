// FIX engine of a broker's order gateway: FixSession is one session with an
// exchange (send() throws once the session is closed, close() is idempotent),
// MarketDataFeed is the exchange's multicast feed (next() throws once the
// feed is closed). The functions below are the engine's timer, outbound pump,
// order routing and market-data drain.
//
// Bug (onTimer): Open is read once at the top; when the peer has been silent
// for three heartbeat intervals the session is closed, and the heartbeat at
// the end is still sent because Open is stale: send() throws.
// Bug (cancelEverywhere): the guard checks Primary only; the cancel is also
// sent to Backup, which may be closed (the DR site is down): send() throws.
// Correct: every other send/next is behind a guard that is evaluated after the
// last possible close: `isClosed() || Busy`, the while condition, the
// failover branch, the return after close.
#include <deque>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

class FixSession {
public:
  explicit FixSession(std::string Target) : Target(std::move(Target)) {}
  void send(const std::string &Msg) {
    if (Closed)
      throw std::runtime_error("FIX session to " + Target + " closed");
    Sent.push_back(Msg);
  }
  void close() { Closed = true; }
  bool isClosed() const { return Closed; }

private:
  std::string Target;
  std::vector<std::string> Sent;
  bool Closed = false;
};

struct MdMessage {
  char Type; // 'W' snapshot, 'X' incremental, 'Z' end of session
  std::string Body;
};

class MarketDataFeed {
public:
  explicit MarketDataFeed(std::deque<MdMessage> Pending) : Pending(std::move(Pending)) {}
  std::optional<MdMessage> next() {
    if (Closed)
      throw std::runtime_error("market data feed closed");
    if (Pending.empty())
      return std::nullopt;
    MdMessage M = Pending.front();
    Pending.pop_front();
    return M;
  }
  void close() { Closed = true; }
  bool closed() const { return Closed; }

private:
  std::deque<MdMessage> Pending;
  bool Closed = false;
};

const int HeartbeatSecs = 30;

void sendHeartbeat(FixSession &S, bool Busy) {
  if (S.isClosed() || Busy)
    return;
  S.send("35=0"); // OK: the guard returned if the session was closed
}

void onTimer(FixSession &S, int SecondsSinceRx) {
  const bool Open = !S.isClosed();
  if (!Open)
    return;
  if (SecondsSinceRx > 2 * HeartbeatSecs)
    S.send("35=1|112=TEST");
  if (SecondsSinceRx > 3 * HeartbeatSecs)
    S.close(); // the peer is gone
  if (Open)
    S.send("35=0"); // BUG: use-after-close
}

void pumpOutbound(FixSession &S, std::deque<std::string> &Outbound) {
  while (!S.isClosed() && !Outbound.empty()) {
    S.send(Outbound.front()); // OK: the loop condition is re-checked after each close
    if (Outbound.front().find("35=5") == 0)
      S.close(); // we sent a logout
    Outbound.pop_front();
  }
}

void routeOrder(FixSession &Primary, FixSession &Backup, const std::string &Order) {
  if (!Primary.isClosed()) {
    Primary.send(Order);
    return;
  }
  if (Backup.isClosed())
    throw std::runtime_error("no FIX session available for order");
  Backup.send(Order); // OK: Backup was checked; only Primary is closed
}

void cancelEverywhere(FixSession &Primary, FixSession &Backup, const std::string &OrderId) {
  if (Primary.isClosed())
    return;
  Primary.send("35=F|41=" + OrderId);
  Backup.send("35=F|41=" + OrderId); // SAME: drcancel
}

int drainMarketData(MarketDataFeed &Feed) {
  int Applied = 0;
  while (!Feed.closed()) {
    std::optional<MdMessage> M = Feed.next(); // OK: the while condition sees the close below
    if (!M)
      break;
    ++Applied;
    if (M->Type == 'Z')
      Feed.close();
  }
  return Applied;
}

int main() {
  FixSession Primary("XNAS"), Backup("XNAS-DR");
  sendHeartbeat(Primary, false);
  std::deque<std::string> Out = {"35=D|11=ord-1", "35=5|58=eod", "35=D|11=ord-2"};
  pumpOutbound(Primary, Out);
  routeOrder(Primary, Backup, "35=D|11=ord-2");
  sendHeartbeat(Primary, false);
  MarketDataFeed Feed({{'W', "book"}, {'Z', ""}, {'X', "late"}});
  int Applied = drainMarketData(Feed);
  onTimer(Backup, Applied > 0 ? 45 : 95);

  FixSession Cme("XCME"), CmeDr("XCME-DR");
  CmeDr.close(); // the DR site is down for maintenance
  cancelEverywhere(Cme, CmeDr, "ord-9"); // BUG: use-after-close #drcancel
  return 0;
}
