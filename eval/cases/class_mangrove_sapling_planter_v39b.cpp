// A mangrove restoration boat plants propagules along tidal mudflats and
// reports each planted sapling (GPS cell, species, count) to the shore office
// over a TCP link. PlantingRun wraps the link: start() dials, plant() buffers,
// flush() sends the buffer, stop() flushes and closes. Bugs: on_high_tide()
// calls stop() and then flush() to "make sure" the buffer went out, and
// abandon() closes the link while plant() may still send when the buffer is
// full.
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

class ShoreLink {
 public:
  explicit ShoreLink(int fd) : fd_(fd) {}
  ~ShoreLink() { close(); }
  void send(const std::string& line) {
    if (fd_ < 0) throw std::runtime_error("shore link closed");
    if (::send(fd_, line.data(), line.size(), MSG_NOSIGNAL) < 0) throw std::runtime_error("send failed");
  }
  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  bool closed() const { return fd_ < 0; }

 private:
  int fd_;
};

class PlantingRun {
 public:
  void start(int fd) {
    std::lock_guard<std::mutex> lk(mu_);
    link_ = std::make_unique<ShoreLink>(fd);
    link_->send("RUN-START\n");  // OK: fresh link
  }

  void plant(const std::string& cell, const std::string& species, int count) {
    std::lock_guard<std::mutex> lk(mu_);
    pending_.push_back(cell + ' ' + species + ' ' + std::to_string(count) + '\n');
    if (pending_.size() >= 16) send_pending_locked();  // SAME: tide2
  }

  void flush() {
    std::lock_guard<std::mutex> lk(mu_);
    send_pending_locked();
  }

  void flush_if_connected() {
    std::lock_guard<std::mutex> lk(mu_);
    if (!link_ || link_->closed()) return;
    send_pending_locked();  // OK: guarded under the same mutex that stop() takes
  }

  void stop() {
    std::lock_guard<std::mutex> lk(mu_);
    if (!link_ || link_->closed()) return;
    send_pending_locked();
    link_->send("RUN-END\n");  // OK: closed only on the next line
    link_->close();
  }

  void abandon() {
    std::lock_guard<std::mutex> lk(mu_);
    if (link_) link_->close();
  }

 private:
  void send_pending_locked() {
    for (const std::string& line : pending_) link_->send(line);
    link_->send("SYNC " + std::to_string(pending_.size()) + "\n");  // SAME: tide
    pending_.clear();
  }

  std::mutex mu_;
  std::unique_ptr<ShoreLink> link_;
  std::vector<std::string> pending_;
};

void on_high_tide(PlantingRun& run) {
  run.stop();
  run.flush();  // BUG: use-after-close #tide
}

void on_engine_fault(PlantingRun& run) {
  run.abandon();
  run.flush_if_connected();  // OK: returns early on a closed link
  run.stop();  // OK: stop() returns early on a closed link
}

void next_tide(PlantingRun& run, int fresh_fd) {
  run.stop();
  run.start(fresh_fd);
  run.plant("C7", "Rhizophora", 12);  // OK: restarted with a new link
  run.flush();  // OK
}

void plant_rows(PlantingRun& run, int rows) {
  for (int r = 0; r < rows; ++r) run.plant("R" + std::to_string(r), "Avicennia", 4);
  run.abandon();
  for (int r = 0; r < 16; ++r) run.plant("X" + std::to_string(r), "Avicennia", 1);  // BUG: use-after-close #tide2
}
