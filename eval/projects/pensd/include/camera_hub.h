// CameraHub: the cameras of the site keyed by id, plus the recorder thread
// that pulls frames from every connected stream.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "camera_stream.h"
#include "status.h"

class CameraHub {
 public:
  CameraHub();
  ~CameraHub();  // close_all()

  Status add(int id, const std::string& host, std::uint16_t port);
  std::shared_ptr<CameraStream> get(int id) const;  // nullptr when unknown
  Status remove(int id);   // disconnects the stream and forgets it
  void close_all();        // stops the recorder, disconnects every stream, forgets them all
  std::size_t size() const;
  std::uint64_t recorded() const;

 private:
  void record_loop();

  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::map<int, std::shared_ptr<CameraStream>> streams_;
  std::atomic<bool> recording_;
  std::atomic<std::uint64_t> recorded_;
  std::thread recorder_;
};
