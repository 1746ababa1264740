// A pipe(2) with both ends owned until closed or released.
#pragma once

namespace buildfarm {

// open() creates the pipe with O_CLOEXEC on both ends. closeRead() and
// closeWrite() close one end; closing an end that is already closed does
// nothing. releaseRead()/releaseWrite() hand the descriptor to the caller,
// who must close it. The destructor closes whatever ends are still held.
class PipePair {
public:
  PipePair() = default;
  ~PipePair();
  PipePair(const PipePair &) = delete;
  PipePair &operator=(const PipePair &) = delete;

  bool open();
  int readFd() const { return fds_[0]; }
  int writeFd() const { return fds_[1]; }
  void closeRead();
  void closeWrite();
  int releaseRead();
  int releaseWrite();

private:
  int fds_[2] = {-1, -1};
};

} // namespace buildfarm
