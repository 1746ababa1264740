// CameraStream: one underwater camera (RTSP-over-TCP bridge on the pen ring).
#pragma once

#include <cstdint>
#include <mutex>
#include <string>

#include "fd_handle.h"
#include "status.h"

class CameraStream {
 public:
  CameraStream(int id, std::string host, std::uint16_t port);
  ~CameraStream();  // disconnects when still connected

  Status connect();
  // Both throw std::runtime_error("camera stream disconnected") when not connected.
  Result<std::string> next_frame();
  Result<std::string> grab_still();
  // Throws std::logic_error("camera stream not connected") when there is nothing to close.
  void disconnect();
  bool connected() const;
  int id() const;
  std::uint64_t frames() const;

 private:
  Result<std::string> read_chunk_locked(const char* request);

  mutable std::mutex mu_;
  int id_;
  std::string host_;
  std::uint16_t port_;
  FdHandle sock_;
  bool connected_;
  std::uint64_t frames_;
};
