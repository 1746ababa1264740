// FirmwareRollout: reads the image into chunks, queues them, and on every
// main-loop tick hands a few chunks to the worker pool, one task per bank.
// finish() waits for the pool before closing the maintenance links; abort()
// stops a rollout immediately.
#include "firmware_rollout.h"

#include "command_codec.h"
#include "diag_log.h"
#include "unique_fd.h"
#include "work_pool.h"

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

namespace {
constexpr std::size_t kNackSlack = 256;
}

FirmwareRollout::FirmwareRollout(WorkPool &pool, DiagLog &diag, std::size_t chunkSize)
    : pool_(pool), diag_(diag), chunkSize_(chunkSize) {}

FirmwareRollout::~FirmwareRollout() {
  finish(); // OK
}

Status FirmwareRollout::loadImage(const std::string &path) {
  UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (!fd)
    return Status::ioError("open " + path, errno);
  std::vector<std::string> chunks;
  std::string buf(chunkSize_, '\0');
  for (;;) {
    const ssize_t n = ::read(fd.get(), &buf[0], buf.size());
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return Status::ioError("read " + path, errno);
    if (n == 0)
      break;
    chunks.emplace_back(buf.data(), static_cast<std::size_t>(n));
  }
  if (chunks.empty())
    return Status::rejected(path + " is empty");
  image_ = std::move(chunks);
  return Status::success();
}

Status FirmwareRollout::begin(const std::string &imagePath,
                              std::vector<std::shared_ptr<BankLink>> channels) {
  if (active_)
    return Status::busy("a firmware rollout is already running");
  if (channels.empty())
    return Status::rejected("no banks selected for the rollout");
  Status st = loadImage(imagePath);
  if (st.failed())
    return st;

  chunks_ = std::make_unique<BoundedQueue<FirmwareChunk>>(image_.size() + kNackSlack);
  for (std::uint32_t seq = 0; seq < image_.size(); ++seq)
    chunks_->push(FirmwareChunk{seq, image_[seq], seq + 1 == image_.size()}); // OK
  channels_ = std::move(channels);
  active_ = true;
  diag_.info("firmware: rolling out %s (%zu chunks) to %zu banks", imagePath.c_str(), image_.size(),
             channels_.size());
  return Status::success();
}

std::size_t FirmwareRollout::pump(std::size_t maxChunks) {
  if (!active_)
    return 0;
  std::size_t handed = 0;
  while (handed < maxChunks) {
    std::optional<FirmwareChunk> chunk = chunks_->tryPop();
    if (!chunk)
      break;
    const std::string frame = encodeCommand(firmwareChunk(chunk->sequence, chunk->bytes));
    for (const std::shared_ptr<BankLink> &link : channels_) {
      pool_.submit([link, frame] {
        link->pushRaw(frame); // BUG: use-after-close #fwabort
      });
    }
    ++handed;
  }
  return handed;
}

void FirmwareRollout::onNack(const std::string &bankId, std::uint32_t sequence) {
  if (!chunks_ || sequence >= image_.size())
    return;
  diag_.info("firmware: bank %s asks for chunk %u again", bankId.c_str(), sequence);
  chunks_->push(FirmwareChunk{sequence, image_[sequence], sequence + 1 == image_.size()}); // BUG: use-after-close
}

bool FirmwareRollout::queueEmpty() const { return !chunks_ || chunks_->size() == 0; }

void FirmwareRollout::finish() {
  if (!active_.exchange(false))
    return;
  chunks_->close();
  pool_.drain();
  for (const std::shared_ptr<BankLink> &link : channels_)
    link->close(); // OK
  channels_.clear();
  diag_.info("firmware: rollout finished");
}

void FirmwareRollout::abort(const std::string &why) {
  if (!active_.exchange(false))
    return;
  diag_.warn("firmware: rollout aborted: %s", why.c_str());
  chunks_->close();
  for (const std::shared_ptr<BankLink> &link : channels_)
    link->close(); // SAME: fwabort
  channels_.clear();
}
