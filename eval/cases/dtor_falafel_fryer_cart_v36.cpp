// Falafel cart fryer controller. A shift warms the fryer through the oil-probe
// line; a ScopeExit closes that line when the warm-up block ends, but the shift
// summary written after the block still reads the probe through a helper. The
// ticket printer is connected by a PrinterSession (its destructor disconnects
// the printer); go_on_break() keeps the session in a std::optional, resets it,
// and then prints the break banner on the already-disconnected printer. Uses
// inside the scopes, and a fresh session after an earlier one ended, are fine.
#include <cstdio>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

class ScopeExit {
 public:
  explicit ScopeExit(std::function<void()> fn) : fn_(std::move(fn)) {}
  ~ScopeExit() {
    if (fn_) fn_();
  }
  ScopeExit(const ScopeExit&) = delete;
  ScopeExit& operator=(const ScopeExit&) = delete;

 private:
  std::function<void()> fn_;
};

class OilProbeLine {
 public:
  explicit OilProbeLine(std::string dev) : dev_(std::move(dev)) {}
  void send(const std::string& cmd) {
    if (!open_) throw std::runtime_error("oil probe line " + dev_ + " closed");
    last_cmd_ = cmd;
  }
  double read_celsius() {
    if (!open_) throw std::runtime_error("oil probe line " + dev_ + " closed");
    return last_cmd_.empty() ? 20.0 : 176.5;
  }
  void close() {
    if (!open_) throw std::runtime_error("oil probe line " + dev_ + " already closed");
    open_ = false;
  }
  bool is_open() const { return open_; }

 private:
  std::string dev_;
  std::string last_cmd_;
  bool open_ = true;
};

class PrinterLink {
 public:
  void connect() {
    if (connected_) throw std::runtime_error("ticket printer already connected");
    connected_ = true;
  }
  void disconnect() {
    if (!connected_) throw std::runtime_error("ticket printer not connected");
    connected_ = false;
  }
  void print(const std::string& line) {
    if (!connected_) throw std::runtime_error("ticket printer disconnected");
    spool_ += line;
    spool_ += '\n';
  }

 private:
  bool connected_ = false;
  std::string spool_;
};

class PrinterSession {
 public:
  explicit PrinterSession(PrinterLink& p) : p_(p) { p_.connect(); }
  ~PrinterSession() { p_.disconnect(); }
  PrinterSession(const PrinterSession&) = delete;
  PrinterSession& operator=(const PrinterSession&) = delete;
  void ticket(int order, const std::string& item) {
    p_.print("#" + std::to_string(order) + " " + item);
  }

 private:
  PrinterLink& p_;
};

static void log_oil(OilProbeLine& probe, std::FILE* journal) {
  std::fprintf(journal, "oil %.1f C\n", probe.read_celsius());  // SAME: summary
}

class FalafelCart {
 public:
  FalafelCart(std::string probe_dev, std::FILE* journal)
      : probe_(std::move(probe_dev)), journal_(journal) {}

  void open_shift() {
    {
      ScopeExit close_probe([this] { probe_.close(); });
      probe_.send("HEAT 180");  // OK: ScopeExit has not run yet
      if (probe_.read_celsius() < 170.0) probe_.send("HEAT 185");  // OK: still inside the warm-up block
      log_oil(probe_, journal_);  // OK: probe open until the closing brace
    }
    std::fputs("warm-up done\n", journal_);
    log_oil(probe_, journal_);  // BUG: use-after-close #summary
  }

  void serve(int order, const std::string& item, bool extra_sauce) {
    PrinterSession session(printer_);
    session.ticket(order, item);  // OK
    if (extra_sauce) session.ticket(order, "  + extra tahini");  // OK: same session, still connected
  }

  void reprint(int order, const std::string& item) {
    { PrinterSession first(printer_); first.ticket(order, item); }
    PrinterSession again(printer_);
    again.ticket(order, item + " (copy)");  // OK: a new session reconnected the printer
  }

  void go_on_break(int last_order) {
    std::optional<PrinterSession> session(std::in_place, printer_);
    session->ticket(last_order, "last before break");  // OK
    session.reset();
    printer_.print("CART ON BREAK - BACK IN 15");  // BUG: use-after-close
  }

  void close_shift() {
    if (probe_.is_open()) probe_.close();  // OK: guarded, the warm-up may not have run
  }

 private:
  OilProbeLine probe_;
  PrinterLink printer_;
  std::FILE* journal_;
};

void morning_setup(std::FILE* journal) {
  FalafelCart cart("/dev/ttyFRY0", journal);
  cart.open_shift();
  cart.close_shift();
}

void run_lunch(std::FILE* journal) {
  FalafelCart cart("/dev/ttyFRY0", journal);
  cart.serve(41, "falafel wrap", true);
  cart.reprint(41, "falafel wrap");
  cart.go_on_break(42);
  cart.close_shift();
}
