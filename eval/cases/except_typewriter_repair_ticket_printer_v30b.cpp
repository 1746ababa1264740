// Typewriter repair shop counter: repair tickets, pickup slips and the daily
// summary are printed on the counter's receipt printer through a
// TicketPrinter session. The printer throws PaperOut when the roll runs out;
// customers are texted when a machine is ready, and the SMS gateway throws
// NotifyError when it cannot deliver.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace repairshop {

struct PaperOut : std::runtime_error {
  PaperOut() : std::runtime_error("receipt roll empty") {}
};

struct NotifyError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class TicketPrinter {
public:
  explicit TicketPrinter(int paperLines) : paperLines_(paperLines) {}

  void print(const std::string &line) {
    if (closed_)
      throw std::runtime_error("printer session closed");
    if (paperLines_ == 0)
      throw PaperOut();
    --paperLines_;
    spool_.push_back(line);
  }

  void cut() {
    if (closed_)
      throw std::runtime_error("printer session closed");
    spool_.clear();
  }

  void close() {
    if (closed_)
      throw std::logic_error("printer session already closed");
    closed_ = true;
  }

private:
  int paperLines_;
  std::vector<std::string> spool_;
  bool closed_ = false;
};

struct Repair {
  std::string ticket;
  std::string model;
  std::string customer;
  std::string phone;
  int pricePence;
};

void textCustomer(const std::string &phone, const std::string &message);
void queueForReprint(const Repair &r);

void printRepairTicket(TicketPrinter &printer, const Repair &r) {
  try {
    printer.print("TICKET " + r.ticket);
    printer.print(r.model + " for " + r.customer);
    printer.cut();
    printer.close();
  } catch (const PaperOut &) {
    printer.close(); // OK
    queueForReprint(r);
  }
}

void printPickupSlip(TicketPrinter &printer, const Repair &r) {
  try {
    printer.print("READY " + r.ticket + " " + r.model);
    printer.print("due " + std::to_string(r.pricePence / 100) + "." +
                  std::to_string(r.pricePence % 100));
    printer.cut();
    printer.close();
    textCustomer(r.phone, "Your " + r.model + " is ready for pickup");
  } catch (const NotifyError &) {
    printer.print("** customer not texted, please phone **"); // BUG: use-after-close
  }
}

void printDailySummary(TicketPrinter &printer, const std::vector<Repair> &done) {
  int total = 0;
  try {
    for (const Repair &r : done) {
      printer.print(r.ticket + " " + std::to_string(r.pricePence));
      total += r.pricePence;
    }
  } catch (const PaperOut &) {
    printer.close();
    return;
  }
  printer.print("TOTAL " + std::to_string(total)); // OK
  printer.cut();
  printer.close(); // OK
}

} // namespace repairshop
