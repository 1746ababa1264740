// Trading gateway: one OrderSession per venue, owned by a Gateway that hands
// out references to its sessions. OrderSession::send() throws
// std::runtime_error once the session is closed. OrderSession::close() on an
// already closed session throws std::logic_error("session already closed"),
// because it would send a second logout and release the sequence store twice.
// The destructor closes only a session that is still open.
#include <iostream>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

class OrderSession {
public:
  explicit OrderSession(std::string venue);
  ~OrderSession();
  void send(const std::string &msg);
  void close();
  bool isOpen() const { return open_; }
  int nextSeq() const { return seq_; }

private:
  std::string venue_;
  int seq_ = 1;
  bool open_ = true;
};

OrderSession::OrderSession(std::string venue) : venue_(std::move(venue)) {}

OrderSession::~OrderSession() {
  if (open_)
    close();
}

void OrderSession::send(const std::string &msg) {
  if (!open_)
    throw std::runtime_error("session closed: " + venue_);
  std::cout << venue_ << " 34=" << seq_++ << "|" << msg << "\n";
}

void OrderSession::close() {
  if (!open_)
    throw std::logic_error("session already closed: " + venue_);
  std::cout << venue_ << " logout at seq " << seq_ << "\n";
  open_ = false;
}

class Gateway {
public:
  OrderSession &session(const std::string &venue);
  void disconnect(const std::string &venue);
  void halt();
  void cancelAll(const std::string &venue);

private:
  std::map<std::string, std::unique_ptr<OrderSession>> sessions_;
};

OrderSession &Gateway::session(const std::string &venue) {
  std::unique_ptr<OrderSession> &slot = sessions_[venue];
  if (!slot)
    slot = std::make_unique<OrderSession>(venue);
  return *slot;
}

void Gateway::disconnect(const std::string &venue) { session(venue).close(); }

void Gateway::halt() {
  for (auto &entry : sessions_)
    if (entry.second->isOpen())
      entry.second->close(); // OK: guarded by isOpen()
}

void Gateway::cancelAll(const std::string &venue) {
  session(venue).send("35=q|mass-cancel"); // SAME: cancel
}

// End of day: Nasdaq is disconnected first, then resting orders are cancelled.
static void endOfDay(Gateway &gw) {
  gw.session("XNAS").send("35=D|AAPL|100");
  gw.session("XLON").send("35=D|VOD|500");
  gw.disconnect("XNAS");
  gw.session("XLON").send("35=D|BARC|200"); // OK: a different venue's session
  gw.cancelAll("XLON");
  gw.cancelAll("XNAS"); // BUG: use-after-close #cancel
}

// Risk breach: the whole gateway is halted, then the desk closes London by hand.
static void riskHalt(Gateway &gw) {
  OrderSession &xlon = gw.session("XLON");
  xlon.send("35=D|HSBA|300");
  gw.halt();
  xlon.close(); // BUG: double-close
}

// Paris maintenance window: the venue is taken down, then the gateway halts.
static void parisMaintenance(Gateway &gw) {
  gw.session("XPAR").send("35=D|AIR|50");
  gw.session("XETR").send("35=D|SAP|75");
  gw.disconnect("XPAR");
  gw.halt(); // OK: halt() skips the already closed Paris session
  std::cout << "XETR next seq " << gw.session("XETR").nextSeq() << "\n";
}

int main() {
  void (*scenarios[])(Gateway &) = {endOfDay, riskHalt, parisMaintenance};
  for (auto scenario : scenarios) {
    Gateway gw;
    try {
      scenario(gw);
    } catch (const std::exception &e) {
      std::cerr << "gateway: " << e.what() << "\n";
    }
  }
  return 0;
}
