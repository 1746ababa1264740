// University print kiosk: every night the photocopier kiosk's controller
// appends the day's page counts per student account to a billing file that
// the bursar's office collects in the morning. The billing FILE* is owned by
// a unique_ptr with an fclose deleter, and the descriptor of the kiosk's
// card-reader credit meter is closed by a ScopeExit lambda at the end of the
// audit. One nightly writer keeps the raw FILE* it got from the owning
// pointer and flushes it after the owner's scope has ended.
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <memory>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

namespace printkiosk {

struct FcloseDeleter {
  void operator()(std::FILE *f) const {
    if (f)
      std::fclose(f);
  }
};
using BillingFile = std::unique_ptr<std::FILE, FcloseDeleter>;

template <typename F> class ScopeExit {
public:
  explicit ScopeExit(F fn) : fn_(std::move(fn)) {}
  ~ScopeExit() { fn_(); }
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;

private:
  F fn_;
};

struct PageCount {
  std::string account;
  long pages;
};

BillingFile openBilling(const std::string &kiosk) {
  return BillingFile(std::fopen(("/var/lib/printkiosk/" + kiosk + "-billing.csv").c_str(), "a"));
}

void writeNightlyBilling(const std::string &kiosk, const std::vector<PageCount> &counts) {
  std::FILE *raw = nullptr;
  {
    BillingFile billing = openBilling(kiosk);
    if (!billing)
      return;
    raw = billing.get();
    for (const PageCount &c : counts)
      std::fprintf(raw, "%s,%s,%ld\n", kiosk.c_str(), c.account.c_str(), c.pages); // OK
  }
  std::fflush(raw); // BUG: use-after-close
}

std::FILE *handOverToBursar(const std::string &kiosk, const PageCount &largest) {
  BillingFile billing = openBilling(kiosk);
  if (!billing)
    return nullptr;
  std::FILE *raw = billing.release();
  std::fprintf(raw, "%s,largest,%s,%ld\n", kiosk.c_str(), largest.account.c_str(), largest.pages); // OK: ownership released, not closed
  return raw;
}

long auditCreditMeter(const std::string &device) {
  int fd = ::open(device.c_str(), O_RDONLY);
  if (fd < 0)
    return -1;
  auto closeMeter = [fd] { ::close(fd); };
  ScopeExit<decltype(closeMeter)> guard(closeMeter);
  char buf[32] = {};
  ssize_t n = ::read(fd, buf, sizeof buf - 1); // OK: guard closes at scope end
  if (n <= 0)
    return -1;
  ::lseek(fd, 0, SEEK_SET); // OK
  return std::strtol(buf, nullptr, 10);
}

} // namespace printkiosk
