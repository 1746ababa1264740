// Typewriter repair shop: each job ticket is written as a work order file for
// the bench (machine, faults, parts used); jobs waiting on parts get a
// separate order sheet for the supplier, and a customer notice is produced
// when the machine is ready or delayed.
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

struct Part {
  std::string code;
  int qty = 1;
  bool inStock = true;
};

struct RepairJob {
  int ticket = 0;
  std::string customer;
  std::string machine; // e.g. "Olympia SM3"
  std::vector<std::string> faults;
  std::vector<Part> parts;
};

namespace {

bool anyPartMissing(const RepairJob &job) {
  for (const Part &p : job.parts)
    if (!p.inStock)
      return true;
  return false;
}

std::string ticketPath(const std::string &dir, int ticket, const char *suffix) {
  std::ostringstream name;
  name << dir << "/T" << ticket << suffix;
  return name.str();
}

void writePartsOrder(const std::string &dir, const RepairJob &job) {
  std::ofstream order(ticketPath(dir, job.ticket, ".order"));
  if (!order)
    return;
  for (const Part &p : job.parts)
    if (!p.inStock)
      order << p.code << " x" << p.qty << '\n';
}

} // namespace

bool writeWorkOrder(const std::string &dir, const RepairJob &job) {
  std::ofstream wo(ticketPath(dir, job.ticket, ".wo"));
  if (!wo)
    return false;
  wo << "ticket " << job.ticket << " / " << job.machine << '\n';
  for (const std::string &f : job.faults)
    wo << "fault: " << f << '\n';

  if (anyPartMissing(job)) {
    wo << "status: waiting for parts\n";
    wo.close();
    writePartsOrder(dir, job);
  }
  for (const Part &p : job.parts)
    wo << "part: " << p.code << (p.inStock ? "" : " (ordered)") << '\n'; // BUG: use-after-close
  wo.close();
  return true;
}

void writeCustomerNotice(const std::string &dir, const RepairJob &job, bool ready) {
  std::ofstream notice;
  const std::string path = ticketPath(dir, job.ticket, ".notice");
  notice.open(path);
  if (!notice.is_open())
    return;
  notice << "Dear " << job.customer << ",\n";
  if (!ready) {
    notice << "your " << job.machine << " is waiting for parts.\n";
    notice.close();
    return;
  }
  notice << "your " << job.machine << " is ready for collection.\n"; // OK
  notice.close();
}

void reprintNotice(const std::string &dir, const RepairJob &job) {
  std::ofstream notice(ticketPath(dir, job.ticket, ".notice"), std::ios::app);
  notice << "(reprinted)\n";
  notice.close();
  notice.open(ticketPath(dir, job.ticket, ".reprints"), std::ios::app);
  if (notice.is_open())
    notice << job.ticket << '\n'; // OK
  notice.close();
}

int closeDay(const std::string &dir, const std::vector<RepairJob> &jobs) {
  std::ofstream ledger(dir + "/ledger.txt", std::ios::app);
  if (!ledger)
    return -1;
  int done = 0;
  for (const RepairJob &job : jobs) {
    bool ready = !anyPartMissing(job);
    writeCustomerNotice(dir, job, ready);
    if (ready) {
      ledger << job.ticket << " ready\n"; // OK
      ++done;
    }
  }
  ledger.close();
  if (done == 0)
    ledger << "no machines finished today\n"; // BUG: use-after-close
  return done;
}
