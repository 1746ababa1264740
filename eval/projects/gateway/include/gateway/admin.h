// Operator commands (admin.cpp). No markers here.
#pragma once
#include <string>

namespace gateway {

class UpstreamConn;
class SessionRegistry;
class SpoolFile;
class WorkerPool;

bool authenticate(UpstreamConn &conn, const std::string &token);
void probe(UpstreamConn &conn);
void drainSession(WorkerPool &pool, UpstreamConn &conn);
void drainSessionAndWait(WorkerPool &pool, UpstreamConn &conn);
void banUser(SessionRegistry &registry, const std::string &id);
void moveUser(SessionRegistry &registry, const std::string &from, const std::string &to);
bool rotateSpool(SpoolFile &spool, const std::string &nextPath);

} // namespace gateway
