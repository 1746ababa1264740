// Applies deny-list changes requested by the back office or by the tap processor, pushes
// the resulting delta to every online device, announces the new version on the bus and
// records it in a small state file.
#pragma once
#include "bounded_queue.h"
#include "deny_list.h"
#include "status.h"

#include <string>

namespace farecol {

class Diagnostics;
class JourneyPublisher;
class LinkRegistry;
class PublisherSlot;
class WorkPool;

class DenyListUpdater {
public:
  DenyListUpdater(DenyList &list, LinkRegistry &registry, WorkPool &pool, PublisherSlot &publisher,
                  Diagnostics &diag, std::string stateFile);

  bool submit(DenyDelta delta);
  std::size_t applyPending();
  void registerWith(JourneyPublisher &publisher);
  Status persistVersion();
  void stop();

  std::uint64_t version() const { return list_.version(); }

private:
  std::size_t broadcast(const std::string &frame);
  void announce(std::uint64_t version, std::size_t changes);

  DenyList &list_;
  LinkRegistry &registry_;
  WorkPool &pool_;
  PublisherSlot &publisher_;
  Diagnostics &diag_;
  const std::string stateFile_;
  BoundedQueue<DenyDelta> pending_{4096};
};

} // namespace farecol
