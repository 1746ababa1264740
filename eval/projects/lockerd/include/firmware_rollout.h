// Firmware rollout to a set of banks over dedicated maintenance links: the
// image is cut into chunks, and each chunk is sent to every bank by the
// worker pool. Banks NACK chunks they need again.
#pragma once
#include "bank_link.h"
#include "bounded_queue.h"
#include "status.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

class DiagLog;
class WorkPool;

struct FirmwareChunk {
  std::uint32_t sequence = 0;
  std::string bytes;
  bool last = false;
};

class FirmwareRollout {
public:
  FirmwareRollout(WorkPool &pool, DiagLog &diag, std::size_t chunkSize);
  ~FirmwareRollout();

  Status begin(const std::string &imagePath, std::vector<std::shared_ptr<BankLink>> channels);
  std::size_t pump(std::size_t maxChunks);
  void onNack(const std::string &bankId, std::uint32_t sequence);
  void finish();
  void abort(const std::string &why);

  bool active() const { return active_; }
  bool queueEmpty() const;

private:
  Status loadImage(const std::string &path);

  WorkPool &pool_;
  DiagLog &diag_;
  const std::size_t chunkSize_;
  std::vector<std::string> image_;
  std::unique_ptr<BoundedQueue<FirmwareChunk>> chunks_;
  std::vector<std::shared_ptr<BankLink>> channels_;
  std::atomic<bool> active_{false};
};
