// CameraHub: cameras keyed by id. The constructor starts the recorder thread,
// which pulls a frame from every connected stream while holding mu_; remove()
// and close_all() disconnect streams under the same mutex (close_all() joins
// the recorder first), and both check connected() before disconnecting.
#include "camera_hub.h"

#include <chrono>
#include <utility>

CameraHub::CameraHub() : recording_(true), recorded_(0) {
  recorder_ = std::thread([this] { record_loop(); });
}

CameraHub::~CameraHub() { close_all(); }

void CameraHub::record_loop() {
  std::unique_lock<std::mutex> lk(mu_);
  while (recording_.load()) {
    for (auto& entry : streams_) {
      CameraStream& cam = *entry.second;
      if (!cam.connected()) continue;
      Result<std::string> frame = cam.next_frame();  // OK: streams are only disconnected under mu_, which this loop holds
      if (frame.ok()) recorded_.fetch_add(1);
    }
    cv_.wait_for(lk, std::chrono::milliseconds(200), [this] { return !recording_.load(); });
  }
}

Status CameraHub::add(int id, const std::string& host, std::uint16_t port) {
  auto cam = std::make_shared<CameraStream>(id, host, port);
  Status st = cam->connect();
  if (!st.ok()) return st;
  std::lock_guard<std::mutex> lk(mu_);
  if (!streams_.emplace(id, cam).second) {
    cam->disconnect();  // OK: the fresh stream connected above and was never shared
    return Status::Error(Errc::Busy, "camera id in use: " + std::to_string(id));
  }
  return Status::Ok();
}

std::shared_ptr<CameraStream> CameraHub::get(int id) const {
  std::lock_guard<std::mutex> lk(mu_);
  auto it = streams_.find(id);
  return it == streams_.end() ? nullptr : it->second;
}

Status CameraHub::remove(int id) {
  std::lock_guard<std::mutex> lk(mu_);
  auto it = streams_.find(id);
  if (it == streams_.end()) return Status::Error(Errc::NotFound, "no camera " + std::to_string(id));
  if (it->second->connected()) it->second->disconnect();  // OK: guarded, under mu_
  streams_.erase(it);
  return Status::Ok();
}

void CameraHub::close_all() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    recording_.store(false);
  }
  cv_.notify_all();
  if (recorder_.joinable()) recorder_.join();
  std::lock_guard<std::mutex> lk(mu_);
  for (auto& entry : streams_) {
    if (entry.second->connected()) entry.second->disconnect();  // OK: checked connected() first
  }
  streams_.clear();
}

std::size_t CameraHub::size() const {
  std::lock_guard<std::mutex> lk(mu_);
  return streams_.size();
}

std::uint64_t CameraHub::recorded() const { return recorded_.load(); }
