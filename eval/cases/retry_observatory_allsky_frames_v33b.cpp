// Observatory all-sky camera: frames are written to FITS files through raw
// descriptors, and the dome's motor link is closed at dawn. Negative case:
// closeRetrying() calls ::close() again only when the previous call failed
// with EINTR, and DomeMotorLink::close() reports Busy (EAGAIN) without closing
// anything, so parkAndClose() retries it only after a refusal; every other
// failure ends the loop and the descriptor is forgotten.
#include <cerrno>
#include <chrono>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

enum class LinkStatus { Ok, Busy, Failed };

class DomeMotorLink {
public:
  LinkStatus close();
  void slew(double azimuthDeg);
  bool isClosed() const { return closed_; }

private:
  bool moving_ = false;
  bool closed_ = false;
};

class FitsFrameWriter {
public:
  bool writeFrame(const std::string &path, const std::vector<unsigned short> &px);

private:
  static int closeRetrying(int fd);
};

LinkStatus DomeMotorLink::close() {
  if (closed_)
    throw std::runtime_error("dome link already closed");
  if (moving_)
    return LinkStatus::Busy; // still slewing: nothing was closed
  closed_ = true;
  return LinkStatus::Ok;
}

void DomeMotorLink::slew(double azimuthDeg) {
  if (closed_)
    throw std::runtime_error("dome link closed");
  moving_ = azimuthDeg > 0.5;
}

int FitsFrameWriter::closeRetrying(int fd) {
  int rc = ::close(fd);
  while (rc != 0 && errno == EINTR)
    rc = ::close(fd); // OK: the previous close was interrupted
  return rc;
}

bool FitsFrameWriter::writeFrame(const std::string &path,
                                 const std::vector<unsigned short> &px) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return false;
  char header[2880] = {};
  std::string card = "SIMPLE  =                    T";
  card.copy(header, card.size());
  if (::write(fd, header, sizeof header) != static_cast<ssize_t>(sizeof header)) {
    closeRetrying(fd);
    return false;
  }
  const auto bytes = px.size() * sizeof(unsigned short);
  bool ok = ::write(fd, px.data(), bytes) == static_cast<ssize_t>(bytes);
  if (closeRetrying(fd) != 0) // OK: the error path above returned
    ok = false;
  return ok;
}

bool parkAndClose(DomeMotorLink &link) {
  link.slew(0.0);
  for (int attempt = 0; attempt < 5; ++attempt) {
    LinkStatus st = link.close(); // OK: retried only after Busy, which closes nothing
    if (st == LinkStatus::Ok)
      return true;
    if (st == LinkStatus::Failed)
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  return false;
}

void closeCaptureLock(int lockFd) {
  for (;;) {
    if (::close(lockFd) == 0) // OK: the loop repeats only on EINTR
      break;
    if (errno != EINTR)
      break;
  }
}

int main() {
  FitsFrameWriter writer;
  std::vector<unsigned short> frame(1024 * 1024, 0);
  writer.writeFrame("/data/allsky/2026-06-02T03-14-00.fits", frame);

  int lockFd = ::open("/run/allsky.lock", O_RDWR | O_CREAT, 0600);
  if (lockFd >= 0)
    closeCaptureLock(lockFd);

  DomeMotorLink dome;
  if (!parkAndClose(dome) && !dome.isClosed())
    dome.close(); // OK: isClosed() checked first
  return 0;
}
