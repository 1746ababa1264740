// A printer's webcam: MJPEG frames are read from the V4L2 device (read() I/O, one frame per
// read) by a capture thread and recorded into segment files with std::ofstream:
//   "PFCAM1\n" header, then [u32 length][jpeg] per frame, then the "PFEND" trailer with the
//   frame count. The web player needs the trailer to seek; a segment without it is unplayable.
// Frame-rate statistics go to telemetry every ten seconds.
//
//  - start() opens the device and the first segment and starts the capture thread.
//  - stop() joins the capture thread, then closes the device and finishes the segment.
//    It is idempotent; the destructor calls it.
//  - rotate() finishes the current segment and starts the next one (one segment per job).
//  - operator bool: true while a segment is being recorded.
// A frame or trailer written after the segment file is closed is silently lost (the stream
// only sets failbit), so every write must happen while recording_ is open.
#pragma once
#include <atomic>
#include <cstdint>
#include <fstream>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "printfarm/unique_fd.h"

namespace printfarm {

class TelemetryPublisher;

class CameraStream {
public:
  CameraStream(std::string printer, std::string device, std::string recordDir,
               std::shared_ptr<TelemetryPublisher> telemetry);
  ~CameraStream();
  CameraStream(const CameraStream &) = delete;
  CameraStream &operator=(const CameraStream &) = delete;

  bool start();
  void stop();
  void rotate();
  bool isRecording() const;
  explicit operator bool() const { return isRecording(); }

private:
  void captureLoop();
  bool readFrame(std::string &frame);
  void writeHeader();
  void writeTrailer();
  std::string nextPath();

  const std::string printer_;
  const std::string device_;
  const std::string dir_;
  std::shared_ptr<TelemetryPublisher> telemetry_;
  UniqueFd dev_;
  mutable std::mutex recMu_;
  std::ofstream recording_;
  std::uint64_t frames_ = 0;
  unsigned segment_ = 0;
  std::atomic<bool> running_{false};
  std::thread thread_;
};

} // namespace printfarm
