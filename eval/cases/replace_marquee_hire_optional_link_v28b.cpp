// Marquee hire crew dispatch. Each rigging crew keeps an optional connection
// to the depot that planned its job; when a crew is reassigned to another
// depot the old connection is closed and a new one is opened in place
// (std::optional::emplace), when the crew stands down the slot is emptied
// (reset). Job progress is posted over whatever connection the slot holds.
#include "netconn.h"

#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

struct RiggingJob {
  std::string site;
  int poles;
  int panels;
};

class RiggingCrew {
public:
  RiggingCrew(std::string name, const std::string &depot)
      : name_(std::move(name)) {
    depot_.emplace(depot);
  }

  void report(const std::string &what) {
    if (!depot_)
      return;
    depot_->send(name_ + ": " + what); // OK
  }

  void reassign(const std::string &newDepot) {
    if (depot_) {
      depot_->send(name_ + " leaving for " + newDepot);
      depot_->close();
    }
    depot_.emplace(newDepot);
    depot_->send(name_ + " joined"); // OK
  }

  void standDown() {
    if (depot_) {
      depot_->send(name_ + " stood down");
      depot_->close();
      depot_.reset();
    }
    report("off shift");
  }

  void weatherHold(const std::string &backupDepot, bool backupReachable) {
    depot_->send(name_ + " holding for wind");
    depot_->close();
    if (backupReachable)
      depot_.emplace(backupDepot);
    depot_->send(name_ + " waiting at site"); // BUG: use-after-close
  }

  void finishJob(const RiggingJob &job, bool sameDepotNext) {
    depot_->send("poles=" + std::to_string(job.poles) +
                 " panels=" + std::to_string(job.panels));
    depot_->flush();
    if (sameDepotNext)
      return;
    std::string next = nextDepot_.empty() ? depot_->endpoint() : nextDepot_;
    depot_->close();
    depot_ = net::Connection(next);
    depot_->send(name_ + " ready at " + job.site); // OK
  }

  void planNext(std::string depot) { nextDepot_ = std::move(depot); }

private:
  std::string name_;
  std::string nextDepot_;
  std::optional<net::Connection> depot_;
};

void runWeekend(RiggingCrew &crew, const std::vector<RiggingJob> &jobs,
                bool windy) {
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    crew.report("arrived at " + jobs[i].site);
    crew.finishJob(jobs[i], i + 1 < jobs.size());
  }
  if (windy)
    crew.weatherHold("depot-north:7100", false);
  crew.standDown();
  std::printf("weekend done\n");
}
