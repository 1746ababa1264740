// Stained-glass leading: before a roundel is soldered, the soldering iron's
// controller (serial fd) is primed and its tip tinned, and the job sheet for
// the roundel (FILE*) gets a header. primeIron() and writeJobHeader() close
// their handle when they fail and report the failure (bool / std::error_code);
// on success the handle stays open for the caller. fatalBench() reports and
// terminates the bench program.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <system_error>

#include <fcntl.h>
#include <unistd.h>

namespace roundels {

[[noreturn]] void fatalBench(const char *why) {
  std::fprintf(stderr, "leading bench: %s\n", why);
  std::exit(2);
}

static bool primeIron(int fd, int tipC) {
  const std::string cmd = "HEAT " + std::to_string(tipC) + "\r";
  if (::write(fd, cmd.data(), cmd.size()) != static_cast<ssize_t>(cmd.size())) {
    ::close(fd);
    return false;
  }
  return true;
}

static std::error_code writeJobHeader(FILE *sheet, const std::string &roundel) {
  if (std::fprintf(sheet, "roundel: %s\nsolder: 60/40\n", roundel.c_str()) < 0) {
    const int err = errno;
    std::fclose(sheet);
    return {err, std::generic_category()};
  }
  return {};
}

static void tinTip(int fd) {
  if (::write(fd, "TIN\r", 4) != 4) // SAME: touchup
    std::perror("tinning");
}

bool solderRoundel(const std::string &dev, const std::string &sheetPath,
                   const std::string &roundel) {
  const int iron = ::open(dev.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (iron < 0)
    return false;
  if (!primeIron(iron, 370))
    return false;
  tinTip(iron); // OK

  FILE *sheet = std::fopen(sheetPath.c_str(), "a");
  if (!sheet) {
    ::close(iron);
    return false;
  }
  if (std::error_code ec = writeJobHeader(sheet, roundel)) {
    ::close(iron);
    return false;
  }
  std::fprintf(sheet, "tip tinned at 370C\n"); // OK
  std::fclose(sheet);
  ::close(iron); // OK
  return true;
}

void quickTouchUp(const std::string &dev) {
  const int iron = ::open(dev.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (iron < 0)
    fatalBench("iron controller missing");
  primeIron(iron, 340);
  tinTip(iron); // BUG: use-after-close #touchup
  ::close(iron); // BUG: double-close
}

void logRepair(const std::string &sheetPath, const std::string &roundel) {
  FILE *sheet = std::fopen(sheetPath.c_str(), "a");
  if (!sheet)
    fatalBench("job sheet not writable");
  const std::error_code ec = writeJobHeader(sheet, roundel);
  if (ec)
    std::fprintf(stderr, "job sheet header: %s\n", ec.message().c_str());
  std::fputs("repair: re-leaded outer came\n", sheet); // BUG: use-after-close
  std::fclose(sheet); // BUG: double-close
}

} // namespace roundels
