// Moving spools out of the way once a job is over.
//
// archiveSpool(): moves the spool's file into archiveDir. The file has to be complete on
//   disk before it is renamed, so archiveSpool() closes the spool ITSELF: pass it a spool
//   that is still open. Returns false if the file could not be moved (the spool is closed
//   either way).
// copySpoolFile(): byte copy of a spool file (exports, and rename() across filesystems).
#pragma once
#include <string>

namespace printfarm {

class JobSpool;

bool archiveSpool(JobSpool &spool, const std::string &archiveDir);
bool copySpoolFile(const std::string &from, const std::string &to);

} // namespace printfarm
