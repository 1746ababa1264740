#include "buildfarm/artifact_uploader.h"
#include "buildfarm/upload_session.h"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <utility>

namespace buildfarm {
namespace {
constexpr std::size_t kChunkSize = 256 * 1024;
} // namespace

ArtifactUploader::ArtifactUploader(std::string agentId, std::string storeEndpoint,
                                   unsigned workers)
    : agentId_(std::move(agentId)),
      store_(std::move(storeEndpoint), std::chrono::seconds(60), workers * 2),
      pool_(workers) {}

ArtifactUploader::~ArtifactUploader() { shutdown(); }

std::shared_ptr<UploadSession> ArtifactUploader::open(const std::string &artifactId) {
  auto session = std::make_shared<UploadSession>(store_, artifactId);
  session->begin();
  std::lock_guard<std::mutex> lock(mutex_);
  sessions_[artifactId] = session;
  return session;
}

std::shared_ptr<UploadSession> ArtifactUploader::find(const std::string &artifactId) const {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = sessions_.find(artifactId);
  return it == sessions_.end() ? nullptr : it->second;
}

void ArtifactUploader::recordFailure(const std::string &artifactId, const std::string &why) {
  std::fprintf(stderr, "uploader: %s: %s\n", artifactId.c_str(), why.c_str());
  std::lock_guard<std::mutex> lock(mutex_);
  failures_.push_back(artifactId + ": " + why);
}

bool ArtifactUploader::uploadFile(const std::string &artifactId, const std::string &path) {
  std::shared_ptr<UploadSession> session = find(artifactId);
  if (!session)
    return false;
  pool_.submit([this, session, artifactId, path] {
    std::FILE *in = std::fopen(path.c_str(), "rb");
    if (!in) {
      recordFailure(artifactId, std::string("open ") + path + ": " + std::strerror(errno));
      return;
    }
    std::string chunk(kChunkSize, '\0');
    std::size_t n = 0;
    while ((n = std::fread(&chunk[0], 1, chunk.size(), in)) > 0)
      session->writeChunk(chunk.substr(0, n)); // BUG: use-after-close #chunk_cancel
    if (std::ferror(in))
      recordFailure(artifactId, "read error on " + path);
    std::fclose(in);
    std::lock_guard<std::mutex> lock(mutex_);
    sinceManifest_.push_back(artifactId);
  });
  return true;
}

void ArtifactUploader::finish(const std::string &artifactId) {
  pool_.wait(); // every queued chunk of every artifact has been written
  std::shared_ptr<UploadSession> session;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto it = sessions_.find(artifactId);
    if (it == sessions_.end())
      return;
    session = it->second;
    sessions_.erase(it);
  }
  session->close(); // SAME: upload_two_owners
}

void ArtifactUploader::cancel(const std::string &artifactId) {
  std::shared_ptr<UploadSession> session;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto it = sessions_.find(artifactId);
    if (it == sessions_.end())
      return;
    session = it->second;
    sessions_.erase(it);
  }
  session->abort(); // SAME: chunk_cancel
}

void ArtifactUploader::publishManifest() {
  std::string body;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (sinceManifest_.empty())
      return;
    for (const std::string &id : sinceManifest_)
      body += id + '\n';
    sinceManifest_.clear();
  }
  const auto stamp = std::chrono::duration_cast<std::chrono::seconds>(
                         std::chrono::system_clock::now().time_since_epoch())
                         .count();
  const std::string id = "manifests/" + agentId_ + "-" + std::to_string(stamp);
  pool_.submit([this, id, body] { // SAME: manifest_after_shutdown
    UploadSession manifest(store_, id);
    manifest.begin();
    manifest.writeChunk(body);
    manifest.close();
  }); // the session's destructor runs after close(), where abort() does nothing
}

void ArtifactUploader::closeIdleConnections(std::chrono::seconds maxAge) {
  store_.closeIdle(maxAge);
}

std::vector<std::string> ArtifactUploader::failures() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return failures_;
}

void ArtifactUploader::shutdown() {
  if (pool_.isShutdown())
    return;
  pool_.shutdown(); // lets the queued uploads finish
  std::map<std::string, std::shared_ptr<UploadSession>> left;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    left.swap(sessions_);
  }
  for (auto &entry : left)
    entry.second->abort(); // OK: the pool is joined, no chunk task is still writing
  store_.closeAll();
  // Whatever was uploaded since the last manifest still needs one.
  publishManifest(); // BUG: use-after-close #manifest_after_shutdown
}

} // namespace buildfarm
