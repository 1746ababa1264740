// Order-entry gateway client: logs on, streams orders, logs out. On a protocol
// reject or a risk-limit breach the catch blocks close the session.
// cancelAll() returns from its catch and replayJournal() returns on a flag the
// catch sets, so their later sends run only on an open session. placeOrders()
// falls out of its catch and still sends the logout; settleDay() hands the
// session it closed in a catch to sendEndOfDay().
#include <iostream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct Order {
  std::string symbol;
  long qty;
  long priceTicks;
};

struct ProtocolError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// GatewaySession: send() throws std::runtime_error once the session is closed,
// and ProtocolError when the venue rejects the message. close() is idempotent.
class GatewaySession {
public:
  explicit GatewaySession(std::string venue) : venue_(std::move(venue)) {}
  void send(const std::string &fix) {
    if (closed_)
      throw std::runtime_error("session to " + venue_ + " is closed");
    if (fix.find("35=D") == 0 && fix.find("|38=0|") != std::string::npos)
      throw ProtocolError("venue rejected zero quantity");
    ++seq_;
  }
  void close() { closed_ = true; }

private:
  std::string venue_;
  bool closed_ = false;
  long seq_ = 0;
};

std::string encode(const Order &o) {
  return "35=D|55=" + o.symbol + "|38=" + std::to_string(o.qty) + "|44=" +
         std::to_string(o.priceTicks) + "|";
}

void riskCheck(const Order &o, long &exposure) {
  exposure += o.qty * o.priceTicks;
  if (exposure > 50'000'000)
    throw std::runtime_error("risk limit breached on " + o.symbol);
}

void sendEndOfDay(GatewaySession &s, long exposure) {
  s.send("35=EOD|exposure=" + std::to_string(exposure) + "|"); // SAME: eod
}

void placeOrders(GatewaySession &s, const std::vector<Order> &orders) {
  try {
    s.send("35=A|");
    for (const Order &o : orders)
      s.send(encode(o));
  } catch (const ProtocolError &e) {
    std::cerr << "gateway: reject: " << e.what() << '\n';
    s.close();
  }
  s.send("35=5|"); // BUG: use-after-close
}

bool cancelAll(GatewaySession &s, const std::vector<std::string> &ids) {
  try {
    for (const std::string &id : ids)
      s.send("35=F|41=" + id + "|");
  } catch (const ProtocolError &e) {
    std::cerr << "gateway: cancel rejected: " << e.what() << '\n';
    s.close();
    return false;
  }
  s.send("35=5|"); // OK: the catch returned
  return true;
}

void replayJournal(GatewaySession &s, const std::vector<Order> &journal) {
  bool failed = false;
  try {
    for (const Order &o : journal)
      s.send(encode(o));
  } catch (const ProtocolError &) {
    s.close();
    failed = true;
  }
  if (failed)
    return;
  s.send("35=5|"); // OK: returned above when the catch closed
}

void settleDay(GatewaySession &s, const std::vector<Order> &fills) {
  long exposure = 0;
  try {
    for (const Order &f : fills)
      riskCheck(f, exposure);
  } catch (const std::runtime_error &e) {
    std::cerr << "gateway: " << e.what() << ", closing session\n";
    s.close();
  }
  sendEndOfDay(s, exposure); // BUG: use-after-close #eod
}
