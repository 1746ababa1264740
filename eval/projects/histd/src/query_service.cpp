// QueryService: range exports to CSV on the export workers. Operators can
// cancel a running export; finished exports are announced on Kafka.
#include "query_service.h"

#include "csv_export.h"
#include "log.h"
#include "segment_file.h"

#include <cstdio>
#include <optional>

namespace histd {

namespace {
constexpr int kMaxAttempts = 3;

std::string formatDone(const ExportJob &job) {
  return "{\"type\":\"export-done\",\"job\":\"" + job.id + "\",\"path\":\"" + job.path +
         "\",\"tag\":" + std::to_string(job.request.tagId) +
         ",\"rows\":" + std::to_string(job.rows) + "}";
}
} // namespace

QueryService::QueryService(SegmentStore &store, std::string exportDir,
                           std::shared_ptr<kafka::KafkaProducer> producer, std::string topic,
                           unsigned workers)
    : store_(store), exportDir_(std::move(exportDir)), producer_(std::move(producer)),
      topic_(std::move(topic)), jobs_("exports", 64), workers_("export", workers) {
  for (unsigned i = 0; i < workers_.size(); ++i)
    workers_.submit([this] { workerLoop(); });
}

QueryService::~QueryService() {
  stop(); // OK
}

std::string QueryService::submit(const ExportRequest &request) {
  auto job = std::make_shared<ExportJob>();
  job->request = request;
  job->notify = producer_;
  job->topic = topic_;
  {
    std::lock_guard<std::mutex> lock(mu_);
    job->id = "exp-" + std::to_string(nextId_++);
    job->path = exportDir_ + "/" + job->id + "-" + request.tagName + ".csv";
    active_[job->id] = job;
  }
  if (!jobs_.tryPush(job)) {
    forget(job->id);
    throw std::runtime_error("too many exports queued");
  }
  log::info("export %s queued: tag %u -> %s", job->id.c_str(), request.tagId, job->path.c_str());
  return job->id;
}

bool QueryService::cancel(const std::string &jobId) {
  std::shared_ptr<ExportJob> job;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = active_.find(jobId);
    if (it != active_.end())
      job = it->second;
  }
  if (!job)
    return false;
  std::lock_guard<std::mutex> lock(job->mu);
  if (job->done)
    return false;
  job->cancelled = true;
  if (job->out.is_open())
    job->out.close(); // SAME: export-cancel-race
  std::remove(job->path.c_str());
  log::info("export %s cancelled", jobId.c_str());
  return true;
}

void QueryService::setProducer(std::shared_ptr<kafka::KafkaProducer> producer) {
  producer_ = std::move(producer);
}

void QueryService::setExportDir(std::string dir) {
  std::lock_guard<std::mutex> lock(mu_);
  exportDir_ = std::move(dir);
}

void QueryService::stop() {
  jobs_.close(); // SAME: export-requeue-race
  workers_.join();
}

std::size_t QueryService::activeJobs() const {
  std::lock_guard<std::mutex> lock(mu_);
  return active_.size();
}

void QueryService::forget(const std::string &jobId) {
  std::lock_guard<std::mutex> lock(mu_);
  active_.erase(jobId);
}

void QueryService::workerLoop() {
  while (std::optional<std::shared_ptr<ExportJob>> next = jobs_.pop()) {
    std::shared_ptr<ExportJob> job = std::move(*next);
    try {
      run(*job);
    } catch (const SegmentReadError &e) {
      // The compactor replaced a segment after we listed it; list again.
      if (++job->attempts < kMaxAttempts) {
        log::warn("export %s: %s, retrying", job->id.c_str(), e.what());
        if (jobs_.tryPush(job)) // BUG: use-after-close #export-requeue-race
          continue;
      }
      log::error("export %s failed: %s", job->id.c_str(), e.what());
    } catch (const std::exception &e) {
      log::error("export %s failed: %s", job->id.c_str(), e.what());
    }
    forget(job->id);
  }
}

void QueryService::run(ExportJob &job) {
  store_.flush();
  const std::vector<std::string> paths = store_.segmentPaths();
  {
    std::lock_guard<std::mutex> lock(job.mu);
    if (job.cancelled)
      return;
    if (job.out.is_open())
      job.out.close();
    job.out.clear();
    job.out.open(job.path, std::ios::out | std::ios::trunc);
    if (!job.out)
      throw std::runtime_error("cannot create " + job.path);
    writeCsvHeader(job.out); // OK
    job.rows = 0;
  }

  const ExportRequest &req = job.request;
  for (const std::string &path : paths) {
    SegmentReader reader(path);
    Sample s;
    while (reader.next(s)) {
      if (s.tagId != req.tagId || s.tsMicros < req.fromMicros || s.tsMicros > req.toMicros)
        continue;
      std::lock_guard<std::mutex> lock(job.mu);
      if (job.cancelled)
        return;
      writeCsvRow(job.out, s, req.tagName); // OK
      ++job.rows;
    }
  }

  if (job.cancelled.load())
    return;
  job.out << "# rows=" << job.rows << " generated=" << isoTime(nowMicros()) << '\n'; // BUG: use-after-close #export-cancel-race
  {
    std::lock_guard<std::mutex> lock(job.mu);
    if (job.cancelled)
      return;
    job.out.close(); // OK
    job.done = true;
  }
  job.notify->send({job.topic, formatDone(job)}); // BUG: use-after-close #export-done-race
  log::info("export %s done: %zu rows", job.id.c_str(), job.rows);
}

} // namespace histd
