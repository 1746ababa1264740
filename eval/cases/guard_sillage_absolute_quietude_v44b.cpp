// Absolute-washing line of a perfume workshop: pomade batches are queued for
// the alcohol wash, an evaporator link (a descriptor) takes each batch, and a
// recorder appends the yield of absolute to a file. Guards in the shapes the
// code base uses: a closable WashQueue whose feeder is its only closer and
// loops on closed(); EvaporatorLink with operator bool and a close() that takes
// the descriptor out with std::exchange; YieldRecorder checking closed_ under
// the mutex that close() takes; a unique_ptr link tested before use; an
// optional link reset and emplaced again.
// No bug: no use or close can reach a closed handle.
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <fcntl.h>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>
namespace enfleurage {
struct WashBatch {
  std::string pomade;
  double kilograms;
};

class WashQueue {
public:
  void push(WashBatch batch) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::runtime_error("wash queue closed");
    items_.push_back(std::move(batch));
    ready_.notify_one();
  }
  std::optional<WashBatch> pop() {
    std::unique_lock<std::mutex> lock(mu_);
    ready_.wait(lock, [this] { return closed_ || !items_.empty(); });
    if (items_.empty())
      return std::nullopt;
    WashBatch batch = std::move(items_.front());
    items_.pop_front();
    return batch;
  }
  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    closed_ = true;
    ready_.notify_all();
  }
  bool closed() const {
    std::lock_guard<std::mutex> lock(mu_);
    return closed_;
  }

private:
  mutable std::mutex mu_;
  std::condition_variable ready_;
  std::deque<WashBatch> items_;
  bool closed_ = false;
};

class EvaporatorLink {
public:
  explicit EvaporatorLink(const std::string &device)
      : fd_(::open(device.c_str(), O_WRONLY | O_CLOEXEC)) {}
  ~EvaporatorLink() { close(); } // OK: close() does nothing once fd_ is -1
  EvaporatorLink(const EvaporatorLink &) = delete;
  EvaporatorLink &operator=(const EvaporatorLink &) = delete;
  explicit operator bool() const { return fd_ >= 0; }

  void charge(const WashBatch &batch) {
    if (fd_ < 0)
      throw std::runtime_error("evaporator link closed");
    std::string line = batch.pomade + " " + std::to_string(batch.kilograms) + "\n";
    if (::write(fd_, line.data(), line.size()) != static_cast<ssize_t>(line.size()))
      throw std::runtime_error("evaporator link write failed");
  }
  void close() {
    int fd = std::exchange(fd_, -1);
    if (fd >= 0)
      ::close(fd); // OK: std::exchange left -1 behind, a second close() skips this
  }

private:
  int fd_;
};

class YieldRecorder {
public:
  explicit YieldRecorder(FILE *out) : out_(out) {}
  void record(const std::string &pomade, double gramsAbsolute) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      return;
    std::fprintf(out_, "%s %.2f g\n", pomade.c_str(), gramsAbsolute); // OK: closed_ checked under close()'s mutex
  }
  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      return;
    closed_ = true;
    std::fclose(out_); // OK: runs once, closed_ is set under the mutex
  }

private:
  std::mutex mu_;
  FILE *out_;
  bool closed_ = false;
};

// Single feeder: it is the queue's only closer.
void feedWashLine(WashQueue &queue, std::vector<WashBatch> &pending) {
  while (!queue.closed()) {
    if (pending.empty()) {
      queue.close();
      continue;
    }
    queue.push(pending.back()); // OK: nobody else closes the queue and closed() was false
    pending.pop_back();
  }
}

void evaporate(WashQueue &queue, EvaporatorLink &link, YieldRecorder &recorder) {
  while (std::optional<WashBatch> batch = queue.pop()) {
    if (!link)
      break;
    link.charge(*batch); // OK: operator bool checked
    recorder.record(batch->pomade, batch->kilograms * 2.1);
  }
}

// The panel may purge the line before or after it was stopped.
void purgeLine(EvaporatorLink &link) {
  if (link)
    link.charge({"purge", 0});
}

void stopLine(WashQueue &queue, EvaporatorLink &link, YieldRecorder &recorder,
              std::unique_ptr<EvaporatorLink> &panel) {
  queue.close();
  link.close();
  recorder.close();
  panel.reset();
  purgeLine(link); // OK: purgeLine() checks operator bool
  recorder.record("line stopped", 0); // OK: record() returns once closed
  if (panel)
    panel->charge({"stopped", 0}); // OK: reset() left a null pointer
}

void swapSpare(std::optional<EvaporatorLink> &spare, const std::string &device,
               const WashBatch &batch) {
  spare.reset();
  spare.emplace(device);
  if (*spare)
    spare->charge(batch); // OK: a fresh link was emplaced after reset()
}

} // namespace enfleurage
