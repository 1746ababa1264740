// Underwater hydrophone recorder: a capture thread reads PCM blocks from the
// ADC and writes them into a pipe that feeds a FLAC encoder child process.
// stop() closes the pipe's write end before joining the capture thread, so a
// block already past the running_ check is written to a closed descriptor.
// spawnEncoder() closes the parent's read end but leaves readFd_ set, and
// stop() closes it again. The child's closes happen in another process.
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

struct AdcBlock {
  std::vector<int16_t> samples;
  uint64_t sequence = 0;
};

class AdcReader {
public:
  explicit AdcReader(unsigned rateHz) : rateHz_(rateHz) {}
  AdcBlock next();

private:
  unsigned rateHz_;
  uint64_t seq_ = 0;
};

class HydrophoneRecorder {
public:
  explicit HydrophoneRecorder(AdcReader &adc) : adc_(adc) {}
  ~HydrophoneRecorder();
  bool spawnEncoder(const char *outPath);
  void start();
  void stop();
  void markEvent(uint8_t code);

private:
  void captureLoop();

  AdcReader &adc_;
  int readFd_ = -1;
  int writeFd_ = -1;
  pid_t encoder_ = -1;
  std::atomic<bool> running_{false};
  std::thread worker_;
};

AdcBlock AdcReader::next() {
  AdcBlock b;
  b.samples.assign(rateHz_ / 10, 0);
  b.sequence = seq_++;
  return b;
}

bool HydrophoneRecorder::spawnEncoder(const char *outPath) {
  int fds[2];
  if (::pipe(fds) != 0)
    return false;
  readFd_ = fds[0];
  writeFd_ = fds[1];
  encoder_ = ::fork();
  if (encoder_ < 0)
    return false;
  if (encoder_ == 0) {
    ::dup2(readFd_, STDIN_FILENO);
    ::close(readFd_);
    ::close(writeFd_);
    ::execlp("flac", "flac", "--force-raw-format", "--endian=little",
             "--sign=signed", "--channels=1", "--bps=16",
             "--sample-rate=96000", "-o", outPath, "-", static_cast<char *>(nullptr));
    ::_exit(127);
  }
  ::close(readFd_); // OK: the parent's copy; the child closed its own
  return true;
}

void HydrophoneRecorder::start() {
  running_ = true;
  worker_ = std::thread([this] { captureLoop(); });
}

void HydrophoneRecorder::captureLoop() {
  while (running_.load()) {
    AdcBlock block = adc_.next();
    const auto bytes = block.samples.size() * sizeof(int16_t);
    ::write(writeFd_, block.samples.data(), bytes); // BUG: use-after-close #hydro
  }
}

void HydrophoneRecorder::stop() {
  running_ = false;
  if (writeFd_ >= 0) {
    ::close(writeFd_); // SAME: hydro
    writeFd_ = -1;
  }
  if (worker_.joinable())
    worker_.join();
  if (readFd_ >= 0)
    ::close(readFd_); // BUG: double-close
  readFd_ = -1;
  if (encoder_ > 0) {
    int status = 0;
    ::waitpid(encoder_, &status, 0);
    encoder_ = -1;
  }
}

void HydrophoneRecorder::markEvent(uint8_t code) {
  if (running_.load() || writeFd_ < 0)
    return;
  const uint8_t marker[4] = {0xEE, 0xEE, code, 0x00};
  ::write(writeFd_, marker, sizeof marker); // OK: never after stop() reset it
}

HydrophoneRecorder::~HydrophoneRecorder() {
  if (worker_.joinable()) {
    running_ = false;
    worker_.join();
  }
  if (writeFd_ >= 0)
    ::close(writeFd_); // OK: stop() set writeFd_ to -1 after closing it
}

int main() {
  AdcReader adc(96000);
  HydrophoneRecorder recorder(adc);
  if (!recorder.spawnEncoder("/data/dive42.flac"))
    return 1;
  recorder.start();
  ::usleep(500000);
  recorder.stop();
  recorder.markEvent(0x01);
  return 0;
}
