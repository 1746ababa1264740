// Operator-facing part of the Site: accepting console connections and the
// command factory that turns an operator's verb into a Command object. The
// factory captures weak_ptrs (sorter, belts, degraded mode) so a queued
// command never keeps a component alive.
#include "site.h"

#include "console.h"
#include "console_commands.h"
#include "degraded_mode.h"
#include "feeder.h"
#include "handles.h"
#include "journal.h"
#include "report_archiver.h"
#include "sorter.h"

#include <cstdlib>
#include <sys/socket.h>

void Site::acceptOperator(int listenFd) {
  FdHandle client(::accept4(listenFd, nullptr, nullptr, SOCK_CLOEXEC));
  if (!client.valid()) return;
  if (console_->adopt(std::move(client)) < 0) journal_->tryWrite("console stopped, connection refused");
}

CommandFactory Site::makeCommandFactory() {
  std::weak_ptr<Sorter> weakSorter = sorter_;
  std::weak_ptr<DegradedMode> weakDegraded = degraded_;
  std::map<int, std::weak_ptr<Feeder>> belts;
  for (const auto& [belt, feeder] : feeders_) belts[belt] = feeder;
  belts[config_.oversizeBelt] = oversize_;
  return [weakSorter, weakDegraded, belts, journal = journal_, archiver = archiver_](
             const std::string& verb, const std::vector<std::string>& args) -> std::unique_ptr<Command> {
    if (verb == "divert" && args.size() == 2) {
      auto sorter = weakSorter.lock();
      auto diverter = sorter ? sorter->diverter(std::atoi(args[0].c_str())) : nullptr;
      if (!diverter) return nullptr;
      return std::make_unique<DivertOverrideCommand>(diverter, std::atoi(args[1].c_str()));
    }
    if (verb == "hold" && args.size() == 1) {
      auto it = belts.find(std::atoi(args[0].c_str()));
      if (it == belts.end()) return nullptr;
      return std::make_unique<HoldBeltCommand>(it->second);
    }
    if (verb == "archive-journal") return std::make_unique<ArchiveJournalCommand>(journal, archiver);
    if (verb == "resume") return std::make_unique<ResumeSortingCommand>(weakDegraded);
    return nullptr;
  };
}
