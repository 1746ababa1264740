// Landfill weighbridge: trucks are weighed in and out, tickets flow through a
// small in-process pipeline (weigh-in -> gate tariff -> invoicing) built from
// a closable queue template, and ANPR plate reads go through a second queue
// of strings. A queue is sealed with close() when its producer is finished;
// sealing twice or pushing after the seal is a programming error and throws.
#include <deque>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

template <typename T> class SealedQueue {
public:
  explicit SealedQueue(std::string name) : name_(std::move(name)) {}

  void push(T item) {
    if (sealed_)
      throw std::logic_error("push on sealed queue " + name_);
    items_.push_back(std::move(item));
  }

  std::optional<T> pop() {
    if (items_.empty())
      return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    return item;
  }

  void close() {
    if (sealed_)
      throw std::logic_error("queue " + name_ + " sealed twice");
    sealed_ = true;
  }

  bool sealed() const { return sealed_; }
  bool drained() const { return sealed_ && items_.empty(); }
  std::size_t size() const { return items_.size(); }

private:
  std::string name_;
  std::deque<T> items_;
  bool sealed_ = false;
};

struct WeighTicket {
  std::string plate;
  int grossKg;
  int tareKg;
  std::string wasteCode; // EWC code, e.g. "17 01 07"
};

struct Invoice {
  std::string plate;
  double amount;
};

static double tariffPerTonne(const std::string &wasteCode) {
  return wasteCode.rfind("17", 0) == 0 ? 94.15 : 126.50;
}

void gateTariff(SealedQueue<WeighTicket> &tickets, SealedQueue<Invoice> &invoices) {
  while (auto t = tickets.pop()) {
    double tonnes = (t->grossKg - t->tareKg) / 1000.0;
    if (tonnes <= 0)
      continue;
    invoices.push({t->plate, tonnes * tariffPerTonne(t->wasteCode)}); // OK
  }
  if (tickets.sealed())
    invoices.close();
}

void closeWeighbridge(SealedQueue<WeighTicket> &tickets, SealedQueue<Invoice> &invoices,
                      SealedQueue<std::string> &plates) {
  if (!tickets.sealed())
    tickets.close(); // OK
  gateTariff(tickets, invoices);
  if (!plates.sealed())
    plates.close(); // OK
}

void dayShift(const std::vector<WeighTicket> &trucks, const std::vector<std::string> &anprReads) {
  SealedQueue<WeighTicket> tickets("tickets");
  SealedQueue<Invoice> invoices("invoices");
  SealedQueue<std::string> plates("anpr");

  for (const std::string &p : anprReads)
    plates.push(p);
  for (const WeighTicket &t : trucks)
    tickets.push(t);

  closeWeighbridge(tickets, invoices, plates);
  invoices.close(); // BUG: double-close
}

void lateTruck(SealedQueue<WeighTicket> &tickets, SealedQueue<std::string> &plates,
               const WeighTicket &t) {
  plates.push(t.plate); // SAME: weighbridge-late
  if (!tickets.sealed())
    tickets.push(t); // OK
}

void endOfDayWithLateTruck(const std::vector<WeighTicket> &trucks, const WeighTicket &late) {
  SealedQueue<WeighTicket> tickets("tickets");
  SealedQueue<Invoice> invoices("invoices");
  SealedQueue<std::string> plates("anpr");
  for (const WeighTicket &t : trucks)
    tickets.push(t);
  closeWeighbridge(tickets, invoices, plates);
  lateTruck(tickets, plates, late); // BUG: use-after-close #weighbridge-late
}
