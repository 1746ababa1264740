// Deny-list distribution: queued changes are applied on the main thread, the delta frame
// is pushed to every online device in parallel on the work pool, the new version is
// announced on the bus and written to the state file that a restart resumes from.
#include "deny_list_updater.h"
#include "device_link.h"
#include "diagnostics.h"
#include "journey_publisher.h"
#include "link_registry.h"
#include "wire.h"
#include "work_pool.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <future>
#include <unistd.h>

namespace farecol {

DenyListUpdater::DenyListUpdater(DenyList &list, LinkRegistry &registry, WorkPool &pool, PublisherSlot &publisher,
                                 Diagnostics &diag, std::string stateFile)
    : list_(list), registry_(registry), pool_(pool), publisher_(publisher), diag_(diag),
      stateFile_(std::move(stateFile)) {}

bool DenyListUpdater::submit(DenyDelta delta) {
  if (!pending_.offer(std::move(delta))) {
    diag_.warn("deny-list queue full or closed, change dropped");
    return false;
  }
  return true;
}

std::size_t DenyListUpdater::applyPending() {
  std::vector<DenyDelta> batch;
  while (std::optional<DenyDelta> d = pending_.tryPop())
    batch.push_back(std::move(*d));
  if (batch.empty())
    return 0;

  const std::uint64_t before = list_.version();
  const std::uint64_t version = list_.apply(batch);
  if (version == before)
    return 0;

  const std::size_t reached = broadcast(wire::encodeDenyDelta(version, batch));
  diag_.info("deny list v%llu: %zu changes pushed to %zu devices", static_cast<unsigned long long>(version),
             batch.size(), reached);
  announce(version, batch.size());
  Status st = persistVersion();
  if (st.failed())
    diag_.error("deny list version not persisted: %s", st.describe().c_str());
  return batch.size();
}

std::size_t DenyListUpdater::broadcast(const std::string &frame) {
  const std::vector<std::shared_ptr<DeviceLink>> links = registry_.openLinks();
  auto delivered = std::make_shared<std::atomic<std::size_t>>(0);
  std::vector<std::future<void>> done;
  done.reserve(links.size());
  for (const std::shared_ptr<DeviceLink> &link : links) {
    auto finished = std::make_shared<std::promise<void>>();
    done.push_back(finished->get_future());
    pool_.submit([link, frame, delivered, finished] {
      try {
        link->push(frame); // OK
        link->flush();     // OK
        delivered->fetch_add(1);
      } catch (...) {
      }
      finished->set_value();
    });
  }
  for (std::future<void> &f : done)
    f.wait();
  return delivered->load();
}

void DenyListUpdater::announce(std::uint64_t version, std::size_t changes) {
  std::shared_ptr<JourneyPublisher> publisher = publisher_.get();
  const bool busUp = publisher && !publisher->isClosed();
  if (!busUp) {
    diag_.warn("deny list v%llu not announced: no bus publisher", static_cast<unsigned long long>(version));
    return;
  }
  publisher->publishControl("denylist", "version=" + std::to_string(version) + " changes=" + std::to_string(changes)); // OK
}

void DenyListUpdater::registerWith(JourneyPublisher &publisher) {
  std::shared_ptr<kafka::KafkaProducer> producer = publisher.producer();
  const std::string topic = publisher.topicPrefix() + ".denylist";
  publisher.onClosed([this, producer, topic] {
    producer->send(kafka::ProducerRecord{topic, "final version=" + std::to_string(list_.version())}); // BUG: use-after-close
  });
}

Status DenyListUpdater::persistVersion() {
  const std::string tmp = stateFile_ + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    return Status::ioError(errno, tmp);
  const std::string line = std::to_string(list_.version()) + "\n";
  if (::write(fd, line.data(), line.size()) != static_cast<ssize_t>(line.size())) {
    const int err = errno;
    ::close(fd);
    return Status::ioError(err, tmp);
  }
  ::close(fd); // OK
  if (::fsync(fd) != 0) // BUG: use-after-close
    return Status::ioError(errno, tmp);
  if (std::rename(tmp.c_str(), stateFile_.c_str()) != 0)
    return Status::ioError(errno, stateFile_);
  return Status::success();
}

void DenyListUpdater::stop() {
  pending_.close();
  std::vector<DenyDelta> late;
  while (std::optional<DenyDelta> d = pending_.tryPop()) // OK
    late.push_back(std::move(*d));
  if (late.empty())
    return;
  const std::uint64_t version = list_.apply(late);
  const std::size_t reached = broadcast(wire::encodeDenyDelta(version, late));
  diag_.info("deny list v%llu: %zu late changes pushed to %zu devices at shutdown",
             static_cast<unsigned long long>(version), late.size(), reached);
  Status st = persistVersion();
  if (st.failed())
    diag_.error("deny list version not persisted: %s", st.describe().c_str());
}

} // namespace farecol
