// The spool of one printer: the G-code of the job being printed is copied here before it
// is uploaded, so that a print can be resumed or re-sent after a daemon restart or a USB
// drop-out.
//
//  - open(jobId) starts a new spool file <dir>/<printer>-<jobId>.gcode (closing the previous
//    one if it is still open); it may be called again after close(): one JobSpool lives as
//    long as its printer session.
//  - append() and flush() throw std::runtime_error("spool closed") when the spool is not open.
//  - close() flushes and fcloses the file. Closing a spool that is not open is a caller bug and
//    throws std::logic_error: a FILE* must never be fclosed twice.
//  - The destructor fcloses the file only if it is still open.
// Not thread-safe: PrinterSession serializes access.
#pragma once
#include <cstddef>
#include <cstdio>
#include <string>

namespace printfarm {

class JobSpool {
public:
  JobSpool(std::string dir, std::string printer);
  ~JobSpool();
  JobSpool(const JobSpool &) = delete;
  JobSpool &operator=(const JobSpool &) = delete;

  bool open(const std::string &jobId);
  void append(const std::string &data);
  void flush();
  void close();

  bool isOpen() const { return fp_ != nullptr; }
  const std::string &path() const { return path_; }
  std::size_t bytesWritten() const { return bytes_; }

private:
  std::string dir_;
  std::string printer_;
  std::string path_;
  std::FILE *fp_ = nullptr;
  std::size_t bytes_ = 0;
};

} // namespace printfarm
