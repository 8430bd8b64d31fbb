#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The worker's side of the handshake, for `refresh-host worker`: reads the
/// supervisor's `open`, refuses a version or a job it does not speak, says
/// hello, and hands the job its request (the reader is at the job's fields)
/// and the channel. The job runs until it exits the process.
public enum WorkerEntry {
    /// One job's worker side: its request (the reader at the job's fields) and the channel.
    public typealias Job = (inout WireReader, WorkerChannel) -> Never

    /// Serves the one job the supervisor opens, if it is one of `jobs`.
    public static func serve(_ jobs: [WorkerJob: Job]) -> Never {
        let channel = WorkerChannel()
        // The supervisor closed its end before it asked anything: nobody is there to answer.
        guard let bytes = channel.receive() else { exit(2) }
        var request = WireReader(bytes)
        let job: Result<WorkerJob, WorkerRefusal>
        do {
            job = try WorkerHead.decode(&request).job().flatMap { job in
                jobs[job] == nil ? .failure(WorkerRefusal("this worker does not serve the \(job) job")) : .success(job)
            }
        } catch {
            job = .failure(WorkerRefusal("cannot read the supervisor's open: \(error)"))
        }
        switch job {
        case let .failure(refusal):
            channel.send(WorkerProtocol.refused(refusal.reason))
            exit(2)
        case let .success(job):
            channel.send(WorkerProtocol.hello())
            jobs[job]!(&request, channel)
        }
    }
}
