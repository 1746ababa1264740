// Batch records of a cider press: every pressing of a batch (apple variety,
// pomace kg, juice litres, Brix) is written to the batch's record file, whose
// descriptor is closed by a scope guard; a batch whose juice is below the
// minimum sugar level is marked rejected and its file renamed for the
// cellar master. At the end of the day the day's totals are written to the
// day ledger and the season ledger.
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

template <typename F> class ScopeExit {
public:
  explicit ScopeExit(F fn) : fn_(std::move(fn)) {}
  ~ScopeExit() {
    if (armed_)
      fn_();
  }
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;
  void dismiss() { armed_ = false; }

private:
  F fn_;
  bool armed_ = true;
};

template <typename F> ScopeExit<F> makeScopeExit(F fn) {
  return ScopeExit<F>(std::move(fn));
}

class UniqueFd {
public:
  explicit UniqueFd(int fd = -1) : fd_(fd) {}
  ~UniqueFd() { reset(); }
  UniqueFd(UniqueFd &&other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  UniqueFd &operator=(UniqueFd &&other) noexcept {
    if (this != &other) {
      reset();
      fd_ = std::exchange(other.fd_, -1);
    }
    return *this;
  }
  int get() const { return fd_; }
  void reset() {
    if (fd_ >= 0) {
      ::close(fd_); // OK
      fd_ = -1;
    }
  }

private:
  int fd_;
};

namespace {

constexpr double kMinBrix = 10.5;

bool writeAll(int fd, const std::string &s) {
  size_t off = 0;
  while (off < s.size()) {
    ssize_t n = ::write(fd, s.data() + off, s.size() - off);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    off += static_cast<size_t>(n);
  }
  return true;
}

void appendTotals(UniqueFd ledger, const std::string &totals) {
  writeAll(ledger.get(), totals);
  ::fsync(ledger.get());
}

} // namespace

struct Pressing {
  std::string variety;
  double pomaceKg = 0.0;
  double juiceLitres = 0.0;
};

struct Batch {
  int id = 0;
  double brix = 0.0;
  std::vector<Pressing> pressings;
};

class PressLine {
public:
  explicit PressLine(std::string dir) : dir_(std::move(dir)) {}
  bool recordBatch(const Batch &b);
  void closeDay();

private:
  std::string dir_;
  double litresToday_ = 0.0;
  int rejected_ = 0;
};

bool PressLine::recordBatch(const Batch &b) {
  std::string path = dir_ + "/batch-" + std::to_string(b.id) + ".rec";
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    return false;
  auto closeFd = makeScopeExit([fd] { ::close(fd); }); // BUG: double-close

  if (!writeAll(fd, "batch " + std::to_string(b.id) + " brix " +
                        std::to_string(b.brix) + "\n"))
    return false;

  if (b.brix < kMinBrix) {
    writeAll(fd, "REJECTED low brix\n");
    ::fsync(fd);
    ::close(fd);
    std::rename(path.c_str(), (path + ".rejected").c_str());
    ++rejected_;
    return false;
  }

  double litres = 0.0;
  for (const Pressing &p : b.pressings) {
    litres += p.juiceLitres;
    if (!writeAll(fd, p.variety + " " + std::to_string(p.pomaceKg) + " " + // OK
                          std::to_string(p.juiceLitres) + "\n"))
      return false;
  }
  litresToday_ += litres;
  return ::fsync(fd) == 0; // OK
}

void PressLine::closeDay() {
  std::string totals = "litres " + std::to_string(litresToday_) + " rejected " +
                       std::to_string(rejected_) + "\n";
  UniqueFd ledger(::open((dir_ + "/day.ledger").c_str(),
                         O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644));
  if (ledger.get() >= 0)
    appendTotals(std::move(ledger), totals);

  ledger = UniqueFd(::open((dir_ + "/season.ledger").c_str(),
                           O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644));
  if (ledger.get() >= 0)
    writeAll(ledger.get(), totals); // OK
  litresToday_ = 0.0;
  rejected_ = 0;
}
