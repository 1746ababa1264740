// Print spooler: a PrinterPort wraps the device queue of one printer and the
// Spooler formats jobs (banner page, pages, form feeds) onto it.
// PrinterPort::write() throws std::logic_error once the port is closed;
// PrinterPort::close() is idempotent (a second call returns early);
// reopen() makes a closed port usable again.
#include <cstddef>
#include <iostream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class PrinterPort {
public:
  explicit PrinterPort(std::string device);
  void write(const std::string &data);
  void close();
  void reopen();
  bool isClosed() const { return closed_; }
  std::size_t bytesWritten() const { return written_; }

private:
  std::string device_;
  std::vector<std::string> queue_;
  std::size_t written_ = 0;
  bool closed_ = false;
};

PrinterPort::PrinterPort(std::string device) : device_(std::move(device)) {}

void PrinterPort::write(const std::string &data) {
  if (closed_)
    throw std::logic_error("printer port closed: " + device_);
  queue_.push_back(data);
  written_ += data.size();
}

void PrinterPort::close() {
  if (closed_)
    return;
  queue_.clear();
  closed_ = true;
}

void PrinterPort::reopen() { closed_ = false; }

struct PrintJob {
  std::string owner;
  std::vector<std::string> pages;
};

static void emitBanner(PrinterPort &port, const PrintJob &job) {
  port.write("==== job for " + job.owner + " ====\n"); // SAME: banner
}

static void emitPage(PrinterPort &port, const std::string &page) {
  port.write(page);
  port.write("\f");
}

class Spooler {
public:
  explicit Spooler(const std::string &device) : port_(device) {}
  PrinterPort &port() { return port_; }
  void print(const PrintJob &job);
  void finish();
  void resume();

private:
  PrinterPort port_;
  int jobs_ = 0;
};

void Spooler::print(const PrintJob &job) {
  emitBanner(port_, job);
  for (const std::string &page : job.pages)
    emitPage(port_, page);
  ++jobs_;
}

void Spooler::finish() {
  port_.write("%% end of spool, " + std::to_string(jobs_) + " jobs\n");
  port_.close();
}

void Spooler::resume() {
  port_.reopen();
  jobs_ = 0;
}

// Morning batch: the spool is finished, then resumed for a late job.
static void morningBatch() {
  Spooler spooler("/dev/usb/lp0");
  spooler.print({"accounts", {"invoice 1041", "invoice 1042"}});
  spooler.finish();
  spooler.resume();
  spooler.print({"hr", {"holiday schedule"}}); // OK: resume() reopened the port
  spooler.finish();
  spooler.port().close(); // OK: PrinterPort::close() is idempotent
}

// A cover sheet requested after the spool was already finished.
static void lateCoverSheet() {
  Spooler spooler("/dev/usb/lp1");
  PrintJob memo{"legal", {"NDA draft"}};
  spooler.print(memo);
  spooler.finish();
  emitBanner(spooler.port(), memo); // BUG: use-after-close #banner
}

// Status page printed on whichever port is still usable.
static void statusPage() {
  Spooler primary("/dev/usb/lp2");
  PrinterPort fallback("/dev/usb/lp3");
  primary.print({"ops", {"rack diagram"}});
  primary.finish();
  fallback.write("status: main printer drained\n"); // OK: a different, open port
  PrinterPort &p = primary.port();
  if (!p.isClosed())
    p.write("status: still open\n"); // OK: guarded by isClosed()
  primary.port().write("status: jobs flushed\n"); // BUG: use-after-close
  std::cout << fallback.bytesWritten() << "\n";
}

int main() {
  void (*scenarios[])() = {morningBatch, lateCoverSheet, statusPage};
  for (auto scenario : scenarios) {
    try {
      scenario();
    } catch (const std::exception &e) {
      std::cerr << "spooler: " << e.what() << "\n";
    }
  }
  return 0;
}
