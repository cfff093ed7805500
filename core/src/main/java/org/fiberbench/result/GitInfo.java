package org.fiberbench.result;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The commit of the fiberbench checkout that made a run. The launcher passes it in
 * {@code FIBERBENCH_GIT_COMMIT} / {@code FIBERBENCH_GIT_DIRTY}; otherwise git is asked in
 * {@code fiberbench.home} (or the working directory), with a short timeout.
 */
final class GitInfo {
    private GitInfo() {
    }

    static Map<String, Object> capture() {
        Map<String, Object> git = new LinkedHashMap<>();
        String commit = System.getenv("FIBERBENCH_GIT_COMMIT");
        String dirty = System.getenv("FIBERBENCH_GIT_DIRTY");
        if (commit == null || commit.isBlank()) {
            Path home = Path.of(System.getProperty("fiberbench.home", "."));
            commit = git(home, "rev-parse", "HEAD");
            String status = git(home, "status", "--porcelain", "--untracked-files=no");
            dirty = status == null ? null : String.valueOf(!status.isBlank());
        }
        git.put("commit", commit == null || commit.isBlank() ? null : commit.trim());
        git.put("dirty", dirty == null ? null : Boolean.valueOf(dirty.trim()));
        return git;
    }

    private static String git(Path dir, String... args) {
        String[] cmd = new String[args.length + 3];
        cmd[0] = "git";
        cmd[1] = "-C";
        cmd[2] = dir.toString();
        System.arraycopy(args, 0, cmd, 3, args.length);
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(false).start();
            p.getOutputStream().close();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(3, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                return null;
            }
            return new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
