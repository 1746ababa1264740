// Philatelic auction house: lot descriptions and bids are written to a
// catalogue file and a bid journal during a postal auction; the bidders'
// notification link is a net::Connection wrapped in an RAII holder. Negative
// case: every close happens in exactly one owner - explicit closes are
// followed by dismiss()/release(), moved-from holders own nothing, and the
// holders' destructors skip what was already closed.
#include "netconn.h"

#include <cstdio>
#include <fcntl.h>
#include <functional>
#include <memory>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

class ScopeGuard {
public:
  template <typename F> explicit ScopeGuard(F fn) : fn_(std::move(fn)) {}
  ~ScopeGuard() {
    if (fn_)
      fn_();
  }
  void dismiss() { fn_ = nullptr; }

private:
  std::function<void()> fn_;
};

class NotifyLink {
public:
  explicit NotifyLink(std::unique_ptr<net::Connection> conn) : conn_(std::move(conn)) {}
  NotifyLink(NotifyLink &&) = default;
  NotifyLink &operator=(NotifyLink &&) = default;
  ~NotifyLink() {
    if (conn_ && !conn_->isClosed())
      conn_->close();
  }

  void outbid(const std::string &bidder, int lot, int amountPence) {
    if (!conn_ || conn_->isClosed())
      return;
    conn_->send(bidder + " outbid on lot " + std::to_string(lot) + " at " + // OK
                std::to_string(amountPence));
  }

  void finish() {
    if (!conn_)
      return;
    conn_->flush();
    conn_->close();
  }

private:
  std::unique_ptr<net::Connection> conn_;
};

struct Lot {
  int number;
  std::string description; // "GB 1840 1d black, plate 1a, four margins"
  int reservePence;
};

struct Bid {
  int lot;
  std::string bidder;
  int amountPence;
};

bool writeCatalogue(const std::string &path, const std::vector<Lot> &lots) {
  FILE *cat = std::fopen(path.c_str(), "w");
  if (!cat)
    return false;
  ScopeGuard closeCat([cat] { std::fclose(cat); });
  for (const Lot &l : lots) {
    if (std::fprintf(cat, "%d\t%s\t%d\n", l.number, l.description.c_str(), l.reservePence) < 0)
      return false;
  }
  closeCat.dismiss();
  return std::fclose(cat) == 0; // OK
}

int journalBids(const std::string &path, const std::vector<Bid> &bids, NotifyLink &notify) {
  int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0640);
  if (fd < 0)
    return -1;
  ScopeGuard closeJournal([fd] { ::close(fd); });
  std::vector<int> best(1000, 0);
  int recorded = 0;
  for (const Bid &b : bids) {
    if (b.lot < 0 || b.lot >= static_cast<int>(best.size()))
      continue;
    dprintf(fd, "%d %s %d\n", b.lot, b.bidder.c_str(), b.amountPence); // OK
    if (b.amountPence > best[b.lot]) {
      if (best[b.lot] > 0)
        notify.outbid("previous bidder", b.lot, b.amountPence);
      best[b.lot] = b.amountPence;
    }
    ++recorded;
  }
  ::fsync(fd); // OK
  return recorded;
}

void closeSale(std::vector<NotifyLink> &links, const std::string &journal,
               const std::vector<Bid> &lateBids) {
  NotifyLink primary = std::move(links.front());
  journalBids(journal, lateBids, primary);
  primary.finish();
  primary.outbid("late bidder", 0, 0); // OK
  links.front().finish(); // OK
  for (std::size_t i = 1; i < links.size(); ++i)
    links[i].finish();
}
