// Uploads a job's artifacts to the artifact store on a worker pool.
#pragma once
#include "buildfarm/store_pool.h"
#include "buildfarm/worker_pool.h"

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace buildfarm {

class UploadSession;

// open(id) starts an upload session and keeps it in the map of open
// sessions. uploadFile(id, path) queues the file's upload on the pool.
// finish(id) waits for the queued uploads, commits the session and forgets
// it. cancel(id) aborts the session and forgets it without waiting.
// publishManifest() queues an upload of the list of artifacts uploaded since
// the previous manifest. shutdown() lets the queued uploads finish, stops
// the pool, aborts the sessions still open and closes the store connections;
// shutdown() twice is harmless.
class ArtifactUploader {
public:
  ArtifactUploader(std::string agentId, std::string storeEndpoint,
                   unsigned workers);
  ~ArtifactUploader();

  std::shared_ptr<UploadSession> open(const std::string &artifactId);
  bool uploadFile(const std::string &artifactId, const std::string &path);
  void finish(const std::string &artifactId);
  void cancel(const std::string &artifactId);
  void publishManifest();
  void closeIdleConnections(std::chrono::seconds maxAge);
  std::vector<std::string> failures() const;
  void shutdown();

private:
  std::shared_ptr<UploadSession> find(const std::string &artifactId) const;
  void recordFailure(const std::string &artifactId, const std::string &why);

  std::string agentId_;
  StorePool store_;
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<UploadSession>> sessions_;
  std::vector<std::string> sinceManifest_;
  std::vector<std::string> failures_;
  WorkerPool<> pool_;
};

} // namespace buildfarm
