// Cobbler's shop counter: pushes repair tickets (resole, heel, stitching) to
// the central workshop over a net::Connection, queues them while the line is
// down, replays the backlog on a fresh connection after a redial, and closes
// the line at the end of the day. Negative case: push() checks isClosed()
// before sending, the redial replaces the closed connection with a new one
// before the backlog is sent, and net::Connection::close() is idempotent, so
// the destructor's close after endOfDay() is harmless.
#include "netconn.h"

#include <deque>
#include <string>
#include <utility>
#include <vector>

struct RepairTicket {
  int number;
  std::string customer;
  std::string work; // "resole", "heel", "stitch", ...
  int pricePence;
};

class TicketUplink {
public:
  explicit TicketUplink(std::string endpoint)
      : endpoint_(std::move(endpoint)), conn_(endpoint_) {}
  ~TicketUplink();

  void push(const RepairTicket &t);
  void onLineDrop();
  void redial();
  void endOfDay(int ticketsToday);
  size_t backlog() const { return backlog_.size(); }

private:
  static std::string encode(const RepairTicket &t);

  std::string endpoint_;
  net::Connection conn_;
  std::deque<RepairTicket> backlog_;
  int unflushed_ = 0;
};

std::string TicketUplink::encode(const RepairTicket &t) {
  return std::to_string(t.number) + ";" + t.customer + ";" + t.work + ";" +
         std::to_string(t.pricePence);
}

TicketUplink::~TicketUplink() { conn_.close(); } // OK

void TicketUplink::push(const RepairTicket &t) {
  if (conn_.isClosed()) {
    backlog_.push_back(t);
    return;
  }
  conn_.send(encode(t)); // OK
  if (++unflushed_ >= 16) {
    conn_.flush(); // OK
    unflushed_ = 0;
  }
}

void TicketUplink::onLineDrop() {
  conn_.close();
  unflushed_ = 0;
}

void TicketUplink::redial() {
  conn_.close();
  conn_ = net::Connection(endpoint_);
  while (!backlog_.empty()) {
    conn_.send(encode(backlog_.front())); // OK
    backlog_.pop_front();
  }
  conn_.flush(); // OK
}

void TicketUplink::endOfDay(int ticketsToday) {
  if (!conn_.isClosed()) {
    conn_.send("EOD;" + std::to_string(ticketsToday)); // OK
    conn_.flush();
  }
  conn_.close();
}

void counter_day(TicketUplink &uplink, const std::vector<RepairTicket> &tickets,
                 const std::vector<int> &dropsAfter) {
  size_t nextDrop = 0;
  int count = 0;
  for (const RepairTicket &t : tickets) {
    uplink.push(t);
    ++count;
    if (nextDrop < dropsAfter.size() && count == dropsAfter[nextDrop]) {
      uplink.onLineDrop();
      ++nextDrop;
      if (count % 2 == 0)
        uplink.redial();
    }
  }
  if (uplink.backlog() > 0)
    uplink.redial();
  uplink.endOfDay(count);
}
