// Negative. Each tenant has its own JobQueue in a map keyed by tenant id.
// evict() stops the tenant's queue and erases it from the map, so a later
// enqueue() for the same tenant finds no entry and creates a fresh queue;
// stopping tenant "acme" does not touch "globex"'s queue; stopAll() stops every
// queue and clears the map, so the next submission starts from an empty map.
#include <cstddef>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class JobQueue {
public:
  explicit JobQueue(std::string tenant) : tenant_(std::move(tenant)) {}

  void enqueue(const std::string &job) {
    if (stopped_)
      throw std::runtime_error("job queue stopped: " + tenant_);
    jobs_.push_back(job);
  }
  void stop() { stopped_ = true; }
  bool stopped() const { return stopped_; }
  std::size_t depth() const { return jobs_.size(); }

private:
  std::string tenant_;
  std::vector<std::string> jobs_;
  bool stopped_ = false;
};

class TenantScheduler {
public:
  void submit(const std::string &tenant, const std::string &job) {
    auto it = queues_.find(tenant);
    if (it == queues_.end())
      it = queues_.emplace(tenant, std::make_unique<JobQueue>(tenant)).first;
    it->second->enqueue(job); // OK: evicted tenants are erased, so the entry found is live
  }

  void evict(const std::string &tenant) {
    auto it = queues_.find(tenant);
    if (it == queues_.end())
      return;
    it->second->stop();
    queues_.erase(it);
  }

  void stopAll() {
    for (auto &entry : queues_)
      entry.second->stop();
    queues_.clear();
  }

  std::size_t backlog(const std::string &tenant) const {
    auto it = queues_.find(tenant);
    return it == queues_.end() ? 0 : it->second->depth();
  }

private:
  std::map<std::string, std::unique_ptr<JobQueue>> queues_;
};

void billingRun(TenantScheduler &scheduler) {
  scheduler.submit("acme", "invoice:2024-05");
  scheduler.submit("globex", "invoice:2024-05");
  scheduler.evict("acme");
  scheduler.submit("globex", "reminder:2024-05"); // OK: a different tenant's queue
  scheduler.submit("acme", "reactivate"); // OK: a fresh queue replaces the evicted one
  scheduler.stopAll();
  scheduler.submit("initech", "invoice:2024-06"); // OK: the map was cleared, a new queue is made
}

void retireQueues(std::vector<JobQueue> &queues, const std::string &farewell) {
  for (JobQueue &queue : queues) {
    queue.enqueue(farewell); // OK: each queue is stopped only after its own farewell
    queue.stop();
  }
}
