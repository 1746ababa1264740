// A notary's office prints apostille certificates on a teleprinter attached to a tty.
// File descriptors are owned by UniqueFd (closes in its destructor) or guarded by a
// ScopeExit. print_batch keeps the raw fd after the UniqueFd's block ended and writes the
// certificates on a closed descriptor; Teleprinter::end_of_day clears the vector of line
// owners and then logs totals on the cached primary fd, which that clear() just closed.
#include <fcntl.h>
#include <unistd.h>

#include <string>
#include <utility>
#include <vector>

template <typename F>
class ScopeExit {
 public:
  explicit ScopeExit(F f) : f_(std::move(f)) {}
  ~ScopeExit() {
    if (active_) f_();
  }
  void release() { active_ = false; }
  ScopeExit(const ScopeExit&) = delete;
  ScopeExit& operator=(const ScopeExit&) = delete;

 private:
  F f_;
  bool active_ = true;
};

class UniqueFd {
 public:
  explicit UniqueFd(int fd = -1) : fd_(fd) {}
  ~UniqueFd() { reset(); }
  UniqueFd(UniqueFd&& o) noexcept : fd_(o.release()) {}
  UniqueFd& operator=(UniqueFd&& o) noexcept {
    reset(o.release());
    return *this;
  }
  int get() const { return fd_; }
  int release() { return std::exchange(fd_, -1); }
  void reset(int fd = -1) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = fd;
  }

 private:
  int fd_;
};

struct Certificate {
  std::string apostille_no;
  std::string text;
};

static ssize_t write_line(int fd, const std::string& s) {
  std::string line = s + "\r\n";
  return ::write(fd, line.data(), line.size());
}

bool print_certificate(const char* dev, const Certificate& c) {
  int fd = ::open(dev, O_WRONLY | O_NOCTTY);
  if (fd < 0) return false;
  ScopeExit closer([fd] { ::close(fd); });
  write_line(fd, "APOSTILLE " + c.apostille_no);  // OK: closer runs at return
  return write_line(fd, c.text) >= 0;  // OK
}

int print_batch(const char* dev, const std::vector<Certificate>& certs) {
  int fd = -1;
  {
    UniqueFd tty(::open(dev, O_WRONLY | O_NOCTTY));
    if (tty.get() < 0) return -1;
    fd = tty.get();
    write_line(fd, "BATCH START");  // OK: tty still owns the descriptor
  }
  int printed = 0;
  for (const auto& c : certs) {
    ::write(fd, c.text.data(), c.text.size());  // BUG: use-after-close
    ++printed;
  }
  return printed;
}

// Returns an fd the caller owns; the guard only closes on the failure path.
int open_for_handoff(const char* dev) {
  int fd = ::open(dev, O_WRONLY | O_NOCTTY);
  if (fd < 0) return -1;
  ScopeExit closer([fd] { ::close(fd); });
  if (write_line(fd, "WRU") < 0) return -1;
  closer.release();
  return fd;
}

void send_notice(const char* dev, const std::string& notice) {
  int fd = open_for_handoff(dev);
  if (fd < 0) return;
  write_line(fd, notice);  // OK: the guard was released on the success path
  ::close(fd);  // OK: single close by the new owner
}

class Teleprinter {
 public:
  void attach(const char* dev) {
    UniqueFd line(::open(dev, O_WRONLY | O_NOCTTY));
    if (line.get() < 0) return;
    if (primary_ < 0) primary_ = line.get();
    lines_.push_back(std::move(line));
  }

  void broadcast(const std::string& s) {
    for (const auto& l : lines_) write_line(l.get(), s);  // OK: owners alive
    printed_today_ += 1;
  }

  void end_of_day() {
    hangup_all();
    log_totals();  // BUG: use-after-close #totals
    printed_today_ = 0;
  }

  void rotate_primary(const char* dev) {
    hangup_all();
    primary_ = -1;
    attach(dev);
    log_totals();  // OK: attach() set a fresh primary
  }

 private:
  void hangup_all() {
    lines_.clear();
  }
  void log_totals() {
    if (primary_ < 0) return;
    write_line(primary_, "TOTAL " + std::to_string(printed_today_));  // SAME: totals
  }

  std::vector<UniqueFd> lines_;
  int primary_ = -1;
  int printed_today_ = 0;
};
