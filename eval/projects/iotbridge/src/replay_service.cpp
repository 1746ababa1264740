// ReplayService: re-publishes spilled segments to Kafka once it is reachable
// again (contract in replay_service.h).
#include "iotbridge/replay_service.h"

#include <cstdio>
#include <cstring>

#include "iotbridge/kafka_sink.h"
#include "iotbridge/log.h"
#include "iotbridge/segment_io.h"
#include "iotbridge/task_crew.h"
#include "iotbridge/telemetry.h"

namespace iotbridge {
namespace {

// Reads one line into `out` without its newline; false at end of file.
bool nextLine(FILE* fp, std::string& out) {
  char buf[4096];
  out.clear();
  while (std::fgets(buf, sizeof buf, fp)) {
    out.append(buf);
    if (!out.empty() && out.back() == '\n') {
      out.pop_back();
      return true;
    }
  }
  return !out.empty();
}

}  // namespace

ReplayService::ReplayService(TaskCrew& crew, KafkaSink& sink, std::string bufferDir,
                             unsigned skipSegment)
    : crew_(crew), sink_(sink), bufferDir_(std::move(bufferDir)), skipSegment_(skipSegment) {}

std::size_t ReplayService::scheduleAll() {
  std::vector<std::string> segments = seg::listSegments(bufferDir_, skipSegment_);
  for (const std::string& path : segments) {
    crew_.post([this, path] { replaySegment(path); });
  }
  IOTB_LOG(Info, "replay", "scheduled " << segments.size() << " segments from " << bufferDir_);
  return segments.size();
}

void ReplayService::retryFailed() {
  std::vector<std::string> paths;
  {
    std::lock_guard<std::mutex> lk(mu_);
    paths.swap(failed_);
  }
  for (const std::string& path : paths) {
    crew_.post([this, path] { replaySegment(path); });  // SAME: retrypost
  }
}

std::size_t ReplayService::failedCount() const {
  std::lock_guard<std::mutex> lk(mu_);
  return failed_.size();
}

void ReplayService::rememberFailed(const std::string& path) {
  std::lock_guard<std::mutex> lk(mu_);
  failed_.push_back(path);
}

bool ReplayService::replaySegment(const std::string& path) {
  FILE* fp = seg::openSegmentForRead(path);
  if (!fp) return false;

  std::string line;
  std::size_t sent = 0;
  bool refused = false;
  while (nextLine(fp, line)) {
    if (line.empty()) continue;
    std::optional<TelemetryRecord> record = decodeRecord(line);
    if (!record) {
      IOTB_LOG(Warn, "replay", path << ": undecodable record after " << sent << " lines");
      seg::quarantine(fp, path);
      break;
    }
    if (!sink_.publish(*record)) {
      refused = true;
      break;
    }
    ++sent;
  }
  replayed_.fetch_add(sent);

  if (refused) {
    // Kafka is backed up again; keep the segment for the retry pass. Records
    // already sent will be sent twice, which consumers tolerate (seq numbers).
    std::fclose(fp);
    rememberFailed(path);
    return false;
  }
  seg::finishSegment(fp, path);  // BUG: double-close #replayfinish
  IOTB_LOG(Info, "replay", path << ": replayed " << sent << " records");
  return true;
}

bool ReplayService::verifySegment(const std::string& path) {
  FILE* fp = seg::openSegmentForRead(path);
  if (!fp) return false;
  std::string line;
  std::size_t lines = 0;
  while (nextLine(fp, line)) {
    if (!line.empty() && !decodeRecord(line)) {
      seg::quarantine(fp, path);
      return false;
    }
    ++lines;
  }
  std::fclose(fp);  // OK: the quarantine path returned right after its close
  IOTB_LOG(Info, "replay", path << ": " << lines << " records decode");
  return true;
}

}  // namespace iotbridge
