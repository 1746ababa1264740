// Yurt camp booking desk. Arrivals and stay confirmations go to the camp's
// own booking server over a BookingLink; changes are mirrored nightly to a
// partner site over a cassandra::StreamingMultiplexedChannel, and the kitchen
// gets meal counts over an EventChannel. Links are closed when the server
// asks for a full cancellation, when a stay is voided, or when the partner
// times out; senders check the link's state before writing.
#include "messaging.h"

#include <deque>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class BookingLink {
public:
  explicit BookingLink(std::string site) : site_(std::move(site)) {}

  void post(const std::string &msg) {
    if (closed_)
      throw std::runtime_error("booking link closed: " + site_);
    outbox_.push_back(msg);
  }
  void close() {
    closed_ = true;
    outbox_.clear();
  }
  void noteError() { ++errors_; }

  bool closed() const { return closed_; }
  bool is_open() const { return !closed_; }
  bool good() const { return !closed_ && errors_ == 0; }
  explicit operator bool() const { return !closed_; }

private:
  std::string site_;
  std::vector<std::string> outbox_;
  int errors_ = 0;
  bool closed_ = false;
};

struct Arrival {
  std::string guest;
  int yurt;
  bool cancelAll;
};

struct Stay {
  std::string guest;
  int nights;
  int meals;
};

void pollArrivals(BookingLink &link, std::deque<Arrival> &arrivals) {
  while (!link.closed()) {
    if (arrivals.empty())
      break;
    Arrival a = std::move(arrivals.front());
    arrivals.pop_front();
    if (a.cancelAll) {
      link.post("cancel-all requested by " + a.guest);
      link.close();
      continue;
    }
    link.post("arrival " + a.guest + " yurt " + std::to_string(a.yurt)); // OK
  }
}

void confirmStay(BookingLink &link, EventChannel &kitchen, const Stay &s) {
  if (s.nights == 0)
    link.close();
  if (!link.is_open())
    return;
  link.post("confirm " + s.guest + " nights=" + std::to_string(s.nights)); // OK
  if (kitchen.isOpen())
    kitchen.send("meals +" + std::to_string(s.meals));
}

void closeKitchenDay(EventChannel &kitchen, int mealsServed, bool lateService) {
  if (!lateService)
    kitchen.close();
  if (kitchen.isOpen())
    kitchen.send("served " + std::to_string(mealsServed)); // OK
}

void retryPending(BookingLink &link, const std::vector<std::string> &pending) {
  for (const std::string &p : pending) {
    if (p.empty()) {
      link.noteError();
      link.close();
    }
    if (!link)
      return;
    link.post(p); // OK
  }
}

void checkout(BookingLink &link, const Stay &s, bool disputed) {
  if (disputed)
    link.close();
  if (!link.good())
    return;
  link.post("checkout " + s.guest); // OK
}

void nightlyPartnerSync(cassandra::StreamingMultiplexedChannel &partner,
                        const std::vector<std::string> &changes,
                        bool partnerTimedOut, bool forceResend) {
  if (partnerTimedOut)
    partner.close();
  if (partner.isClosed() && !forceResend)
    return;
  for (const std::string &c : changes)
    partner.sendControlMessage({"booking-change", c}); // BUG: use-after-close
}
