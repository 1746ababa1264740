// Livestock auction ring: each lot is sold through a BidSession to the remote
// bidders' gateway, and an AuditTrail records every bid for the market
// regulator. settleLot() announces the sale and closes the session;
// withdrawLot() announces a withdrawal and closes it.
// Defects: runLot() announces the next lot on a session that settleLot() has
// closed when the reserve was met; closeRing() closes a session a second
// time after withdrawLot() closed it; AuditTrail::finish() closes the FILE*
// without clearing fp_, so the destructor closes it again.
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

struct Bid {
  std::string bidder;
  long pence = 0;
};
struct Lot {
  int number = 0;
  std::string description;
  long reservePence = 0;
  std::vector<Bid> bids;
};

// send() throws std::logic_error once closed; close() a second time throws
// std::logic_error (it is a protocol error towards the gateway).
class BidSession {
public:
  explicit BidSession(int fd) : fd_(fd) {}
  ~BidSession() {
    if (!closed_)
      ::close(fd_);
  }
  void send(const std::string &msg) {
    if (closed_)
      throw std::logic_error("bid session closed");
    std::string line = msg + "\n";
    ::send(fd_, line.data(), line.size(), MSG_NOSIGNAL);
  }
  void close() {
    if (closed_)
      throw std::logic_error("bid session closed twice");
    ::close(fd_);
    closed_ = true;
  }
  bool isOpen() const { return !closed_; }

private:
  int fd_;
  bool closed_ = false;
};

class AuditTrail {
public:
  explicit AuditTrail(const char *path) : fp_(std::fopen(path, "a")) {}
  ~AuditTrail() {
    if (fp_)
      std::fclose(fp_); // SAME: audit_dtor
  }
  void record(const Lot &lot, const Bid &b) {
    if (fp_)
      std::fprintf(fp_, "lot %d %s %ld\n", lot.number, b.bidder.c_str(), b.pence);
  }
  void finish() {
    if (!fp_)
      return;
    std::fputs("END OF SALE\n", fp_);
    std::fclose(fp_);
  }

private:
  std::FILE *fp_;
};

static const Bid *highest(const Lot &lot) {
  const Bid *best = nullptr;
  for (const Bid &b : lot.bids)
    if (!best || b.pence > best->pence)
      best = &b;
  return best;
}

void settleLot(BidSession &s, const Lot &lot, const Bid &winner) {
  s.send("SOLD " + std::to_string(lot.number) + " " + winner.bidder);
  s.close();
}

void withdrawLot(BidSession &s, const Lot &lot) {
  s.send("WITHDRAWN " + std::to_string(lot.number));
  s.close();
}

void runLot(BidSession &s, const Lot &lot, AuditTrail &audit) {
  s.send("OPEN " + std::to_string(lot.number) + " " + lot.description);
  for (const Bid &b : lot.bids)
    audit.record(lot, b);
  const Bid *best = highest(lot);
  if (best && best->pence >= lot.reservePence)
    settleLot(s, lot, *best);
  s.send("NEXT " + std::to_string(lot.number + 1)); // BUG: use-after-close
}

void closeRing(BidSession &s, const Lot &lastLot, bool withdrawLast) {
  if (withdrawLast)
    withdrawLot(s, lastLot);
  if (s.isOpen())
    s.send("RING CLOSED"); // OK: guarded by isOpen()
  s.close(); // BUG: double-close
}

void runSale(const std::vector<Lot> &lots, int gatewayFd) {
  AuditTrail audit("/var/log/auction/regulator.log");
  BidSession session(gatewayFd);
  for (const Lot &lot : lots) {
    if (!session.isOpen())
      break;
    runLot(session, lot, audit); // OK: the loop stops once the session is closed
  }
  if (!lots.empty())
    closeRing(session, lots.back(), lots.back().bids.empty());
  audit.finish();
} // BUG: double-close #audit_dtor
