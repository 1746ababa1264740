// Cloakroom / hat-check desk of a concert hall. Chits are printed on a networked
// ChitPrinter (a socket fd). print() throws PrintJam when the printer jams; disconnect()
// closes the fd and throws std::system_error if close() reported an error (the descriptor
// is released either way). close_night disconnects again in a catch-all handler, which
// double-closes when the first disconnect() was the one that threw; issue_chit voids a
// chit in the AuditError handler although the last-of-night path may have disconnected
// before the audit threw.
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <string>
#include <system_error>

struct PrintJam : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct AuditError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class ChitPrinter {
 public:
  explicit ChitPrinter(int fd) : fd_(fd) {}
  ~ChitPrinter() {
    if (fd_ >= 0) ::close(fd_);
  }
  void print(const std::string& text) {
    if (fd_ < 0) throw std::logic_error("chit printer disconnected");
    if (::write(fd_, text.data(), text.size()) < 0) throw PrintJam("paper jam");
  }
  void disconnect() {
    if (fd_ < 0) throw std::logic_error("chit printer already disconnected");
    int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) throw std::system_error(errno, std::generic_category(), "close");
  }
  bool connected() const { return fd_ >= 0; }

 private:
  int fd_;
};

static void audit(const std::string& chit) {
  if (chit.empty()) throw AuditError("empty chit");
}

void close_night(ChitPrinter& p, const std::string& summary) {
  try {
    p.print(summary);  // OK
    p.disconnect();
  } catch (const std::exception&) {
    p.disconnect();  // BUG: double-close
  }
}

void close_night_jam_only(ChitPrinter& p, const std::string& summary) {
  try {
    p.print(summary);  // OK
    p.disconnect();
  } catch (const PrintJam&) {
    p.disconnect();  // OK: only print() throws PrintJam, so the printer is still connected
  }
}

void close_night_checked(ChitPrinter& p, const std::string& summary) {
  try {
    p.print(summary);  // OK
    p.disconnect();
  } catch (const std::exception&) {
    if (p.connected()) p.disconnect();  // OK: checked connected()
  }
}

void issue_chit(ChitPrinter& p, const std::string& chit, bool last_of_night) {
  try {
    p.print(chit);  // OK
    if (last_of_night) p.disconnect();
    audit(chit);
  } catch (const AuditError&) {
    p.print("VOID " + chit);  // BUG: use-after-close
  }
}

void issue_chit_checked(ChitPrinter& p, const std::string& chit, bool last_of_night) {
  try {
    p.print(chit);  // OK
    if (last_of_night) p.disconnect();
    audit(chit);
  } catch (const AuditError&) {
    if (p.connected()) p.print("VOID " + chit);  // OK: checked connected()
  }
}

void reprint(ChitPrinter& p, const std::string& chit) {
  try {
    p.print(chit);  // OK
  } catch (...) {
    p.disconnect();
    throw;
  }
  p.print("DUPLICATE " + chit);  // OK: the handler rethrows
}

class HatCheckDesk {
 public:
  explicit HatCheckDesk(int fd) : printer_(fd) {}
  ~HatCheckDesk() {
    try {
      if (printer_.connected()) printer_.disconnect();  // OK: guarded, errors swallowed
    } catch (...) {
    }
  }
  void hand_over(const std::string& coat) { printer_.print("COAT " + coat); }

 private:
  ChitPrinter printer_;
};
