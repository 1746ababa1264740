// River crossings: the punt-hire desk, the ferryman's till and the turnpike gate each print
// tickets through a TicketLink (not thread-safe by itself) from a sales thread, while the office
// closes the link at the end of the day from the main thread. The punt desk checks its open_ flag
// and prints under the same mutex the closer holds. The ferryman's till only copies the flag under
// the mutex and prints after unlocking; the turnpike gate checks an atomic flag and never takes
// the mutex at all. In both of those the close can land between the check and the print.
#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

class TicketLink {
 public:
  explicit TicketLink(const std::string& dev) : fd_(::open(dev.c_str(), O_WRONLY)) {
    if (fd_ < 0) throw std::runtime_error("ticket link: cannot open " + dev);
  }
  ~TicketLink() {
    if (fd_ >= 0) ::close(fd_);
  }
  void print_ticket(int n) {
    if (fd_ < 0) throw std::runtime_error("ticket link closed");
    char line[24];
    int len = std::snprintf(line, sizeof line, "TICKET %04d\n", n);
    if (::write(fd_, line, static_cast<size_t>(len)) != len) throw std::runtime_error("ticket link: write failed");
  }
  void close() {
    if (fd_ < 0) throw std::runtime_error("ticket link already closed");
    ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

class PuntHireDesk {
 public:
  explicit PuntHireDesk(const std::string& dev) : till_(dev) {}
  ~PuntHireDesk() { close_desk(); }  // OK: close_desk() returns early once closed
  void start(int tickets) {
    worker_ = std::thread([this, tickets] {
      for (int i = 0; i < tickets; ++i) {
        std::lock_guard<std::mutex> lk(mu_);
        if (!open_) return;
        till_.print_ticket(i);  // OK: flag checked and ticket printed under mu_
      }
    });
  }
  void print_receipt(int n) {
    std::lock_guard<std::mutex> lk(mu_);
    if (open_) till_.print_ticket(n);  // OK: checked under mu_
  }
  void close_desk() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (open_) {
        open_ = false;
        till_.close();  // OK: serialized with the sales thread by mu_
      }
    }
    if (worker_.joinable()) worker_.join();
  }

 private:
  std::mutex mu_;
  bool open_ = true;
  TicketLink till_;
  std::thread worker_;
};

class FerrymanTill {
 public:
  explicit FerrymanTill(const std::string& dev) : till_(dev) {}
  void start(int crossings) {
    worker_ = std::thread([this, crossings] {
      for (int i = 0; i < crossings; ++i) {
        bool open;
        {
          std::lock_guard<std::mutex> lk(mu_);
          open = open_;
        }
        if (!open) return;
        till_.print_ticket(i);  // BUG: use-after-close #ferry
      }
    });
  }
  void end_of_day() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      till_.print_ticket(9999);  // OK: day total, printed under mu_ before the close
      open_ = false;
      till_.close();  // SAME: ferry
    }
    worker_.join();
  }

 private:
  std::mutex mu_;
  bool open_ = true;
  TicketLink till_;
  std::thread worker_;
};

class TurnpikeGate {
 public:
  explicit TurnpikeGate(const std::string& dev) : link_(dev) {}
  void start(int vehicles) {
    worker_ = std::thread([this, vehicles] {
      for (int i = 0; i < vehicles; ++i) {
        if (shut_) return;
        link_.print_ticket(i);  // BUG: use-after-close #gate
      }
    });
  }
  void shutdown() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      shut_ = true;
      link_.close();  // SAME: gate
    }
    worker_.join();
  }

 private:
  std::mutex mu_;
  std::atomic<bool> shut_{false};
  TicketLink link_;
  std::thread worker_;
};

void run_day(const std::string& punt_dev, const std::string& ferry_dev, const std::string& gate_dev) {
  PuntHireDesk punts(punt_dev);
  FerrymanTill ferry(ferry_dev);
  TurnpikeGate gate(gate_dev);
  punts.start(200);
  ferry.start(200);
  gate.start(200);
  punts.print_receipt(1);
  punts.close_desk();
  punts.print_receipt(2);  // OK: print_receipt() checks open_ under the lock
  ferry.end_of_day();
  gate.shutdown();
}
