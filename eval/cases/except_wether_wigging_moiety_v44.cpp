// Shearing-gang tally for a wether mob (negative case). The wigging stand's
// clipper controller is opened and calibrated with a close-and-rethrow
// handler; the mob sheet is protected by a scope guard that closes it only
// when the tally throws; the gang's tally book is reopened on the spare card
// inside the handler that closed it. Every use after a close is correct:
// it is reached only when the close did not run (rethrow, return, dismissed
// guard) or after the handle was replaced, and the book's destructor checks
// the pointer that close() clears before it can throw.
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <functional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <unistd.h>
#include <utility>
#include <vector>

class ScopeExit {
public:
  explicit ScopeExit(std::function<void()> f) : f_(std::move(f)) {}
  ~ScopeExit() {
    if (armed_)
      f_();
  }
  void dismiss() { armed_ = false; }

private:
  std::function<void()> f_;
  bool armed_ = true;
};

class TallyBook {
public:
  explicit TallyBook(const std::string &path) { reopen(path); }
  ~TallyBook() {
    if (fp_)
      std::fclose(fp_); // OK
  }
  void append(const std::string &row) {
    if (!fp_ || std::fprintf(fp_, "%s\n", row.c_str()) < 0)
      throw std::runtime_error("tally book write failed");
  }
  void reopen(const std::string &path) {
    fp_ = std::fopen(path.c_str(), "a");
    if (!fp_)
      throw std::system_error(errno, std::generic_category(), path);
  }
  void close() {
    FILE *f = std::exchange(fp_, nullptr);
    if (f && std::fclose(f) != 0)
      throw std::runtime_error("tally book close failed");
  }

private:
  FILE *fp_ = nullptr;
};

static void calibrateClippers(int fd) {
  char ack[8] = {};
  if (::write(fd, "CAL\n", 4) != 4 || ::read(fd, ack, sizeof ack - 1) <= 0)
    throw std::runtime_error("wigging clippers did not acknowledge calibration");
}

int openWiggingStand(const char *dev) {
  int fd = ::open(dev, O_RDWR | O_CLOEXEC);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(), dev);
  try {
    calibrateClippers(fd);
  } catch (...) {
    ::close(fd);
    throw;
  }
  ::write(fd, "READY\n", 6); // OK
  return fd;
}

void tallyMob(const std::string &path, const std::vector<int> &standCounts) {
  FILE *mob = std::fopen(path.c_str(), "w");
  if (!mob)
    throw std::system_error(errno, std::generic_category(), path);
  ScopeExit closeOnError([mob] { std::fclose(mob); });
  int total = 0;
  for (size_t stand = 0; stand < standCounts.size(); ++stand) {
    if (std::fprintf(mob, "stand %zu: %d wethers\n", stand + 1, standCounts[stand]) < 0)
      throw std::runtime_error("mob sheet write failed");
    total += standCounts[stand];
  }
  closeOnError.dismiss();
  std::fprintf(mob, "total: %d\n", total); // OK
  std::fclose(mob); // OK
}

void recordRun(TallyBook &book, const std::string &row, const std::string &spareCard) {
  try {
    book.append(row);
    return;
  } catch (const std::runtime_error &) {
    book.close();
    book.reopen(spareCard);
  }
  book.append(row + " (spare card)"); // OK
}

void endOfDay(TallyBook &book) {
  try {
    book.close();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "tally book: %s\n", e.what());
  }
}

int main() {
  int stand = -1;
  try {
    stand = openWiggingStand("/dev/ttyACM0");
  } catch (const std::exception &e) {
    std::fprintf(stderr, "wigging stand unavailable: %s\n", e.what());
    return 1;
  }
  ::write(stand, "GO\n", 3); // OK
  ::close(stand);
  TallyBook book("/media/sd/tally.txt");
  recordRun(book, "run 1: 96 wethers", "/media/sd2/tally.txt");
  tallyMob("/shed/mob14.txt", {31, 28, 37});
  endOfDay(book);
  return 0;
}
