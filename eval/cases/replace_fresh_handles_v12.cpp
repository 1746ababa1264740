// Upload agent that recovers from errors by replacing what it closed: the
// std::optional<UploadConn> is reset and re-emplaced, the unique_ptr to the
// status channel gets a std::make_unique'd one, the connection is assigned a
// freshly constructed object, and the spool descriptor is reopened into the
// same variable. UploadConn::put() and StatusChannel::post() throw once
// close()/shutdown() has run.
// Negative: on every path a replacement sits between the close and the next
// use, or the path returns.
#include <fcntl.h>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>

class UploadConn {
public:
  explicit UploadConn(std::string Endpoint) : Endpoint(std::move(Endpoint)) {}
  void put(const std::string &Key, const std::string &Blob) {
    if (Closed)
      throw std::logic_error("UploadConn::put after close (" + Endpoint + ")");
    Bytes += Key.size() + Blob.size();
  }
  void close() { Closed = true; }

private:
  std::string Endpoint;
  std::size_t Bytes = 0;
  bool Closed = false;
};

class StatusChannel {
public:
  void post(const std::string &S) {
    if (Shut)
      throw std::logic_error("StatusChannel::post after shutdown");
    Last = S;
  }
  void shutdown() { Shut = true; }

private:
  std::string Last;
  bool Shut = false;
};

class UploadAgent {
public:
  explicit UploadAgent(std::string Endpoint)
      : Endpoint(std::move(Endpoint)), Status(std::make_unique<StatusChannel>()) {
    Conn.emplace(this->Endpoint);
  }

  void upload(const std::string &Key, const std::string &Blob, bool Failed) {
    Conn->put(Key, Blob);
    if (!Failed)
      return;
    Conn->close();
    Conn.reset();
    Conn.emplace(Endpoint);
    Conn->put(Key, Blob); // OK: re-emplaced right after the close
  }

  void resetStatus(bool Fatal) {
    Status->post(Fatal ? "fatal" : "restarting");
    Status->shutdown();
    if (Fatal) {
      Status.reset();
      return;
    }
    Status = std::make_unique<StatusChannel>();
    Status->post("ready"); // OK: Fatal returned, every other path got a new channel
  }

  void switchEndpoint(const std::string &Next) {
    UploadConn Fresh(Next);
    Conn->close();
    if (Next.empty())
      Conn.emplace(Endpoint);
    else
      Conn = std::move(Fresh);
    Conn->put("endpoint", Next); // OK: both branches installed an open connection
  }

  int respool(int Fd, const char *Path) {
    ::write(Fd, "seal\n", 5);
    ::close(Fd);
    Fd = ::open(Path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    if (Fd < 0)
      return -1;
    ::write(Fd, "open\n", 5); // OK: Fd holds the newly opened descriptor
    return Fd;
  }

private:
  std::string Endpoint;
  std::optional<UploadConn> Conn;
  std::unique_ptr<StatusChannel> Status;
};

int main() {
  UploadAgent A("https://blobs.example.com");
  A.upload("k1", "v1", true);
  A.switchEndpoint("https://blobs-2.example.com");
  A.resetStatus(false);
  int Fd = A.respool(::open("/tmp/spool", O_WRONLY | O_CREAT, 0600), "/tmp/spool.2");
  if (Fd >= 0)
    ::close(Fd);
  return 0;
}
