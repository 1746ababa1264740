// Uploads a G-code file to a printer's SD card: "M28 <name>", the lines, "M29 <name>".
// A reader thread reads the file (a FILE*), strips comments and blank lines, and feeds a
// BoundedQueue<std::string>; streamAll() pops the lines and sends them.
//
//  - cancel() closes the queue: the reader's next push() throws, which ends the reader;
//    streamAll() sends what was already queued and returns false.
//  - After a USB drop-out in the middle of the upload, streamAll() reconnects the session and
//    starts over from the beginning of the file (restartFrom(0)), since the card now holds a
//    truncated file.
//  - The destructor cancels, joins the reader and closes the file.
#pragma once
#include <atomic>
#include <cstdio>
#include <memory>
#include <string>
#include <thread>

#include "printfarm/bounded_queue.h"

namespace printfarm {

class PrinterSession;

class GcodeStreamer {
public:
  GcodeStreamer(PrinterSession &session, std::string path, std::string sdName);
  ~GcodeStreamer();
  GcodeStreamer(const GcodeStreamer &) = delete;
  GcodeStreamer &operator=(const GcodeStreamer &) = delete;

  bool start();
  bool streamAll();
  void cancel();

private:
  bool restartFrom(long offset);
  void readLoop();

  PrinterSession &session_;
  const std::string path_;
  const std::string sdName_;
  std::FILE *file_ = nullptr;
  std::unique_ptr<BoundedQueue<std::string>> lines_;
  std::thread reader_;
  std::atomic<bool> cancelled_{false};
};

} // namespace printfarm
