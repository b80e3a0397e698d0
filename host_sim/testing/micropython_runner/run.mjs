// Run Python under a real MicroPython interpreter (the WebAssembly port) in node.
//
//   node run.mjs [--copy PATH]... SCRIPT.py   run one script; its exit status is ours
//   node run.mjs [--copy PATH]... --serve     run many scripts in one interpreter
//
// --copy puts a host file, or every .py file of a folder (recursively), into the
// interpreter's in-memory file system under /app, which is the current folder and
// first on sys.path: `--copy lostcities` makes `import lostcities.rules` work.
//
// Script mode: stdout and stderr pass through; the exit status is 0 on success,
// n for sys.exit(n), and 1 with the traceback on stderr for any other exception.
// (The package's own command-line script exits 0 even when Python fails.)
//
// Serve mode (used by host_sim/testing/micropython.py): each stdin line is a JSON object
// {"code": "..."}; each answer is one stdout line, a JSON object
// {"ok": true, "stdout": "..."} or
// {"ok": false, "type": "ValueError", "traceback": "...", "stdout": "..."}.
// Python's print output is captured into "stdout", never mixed with the answers.

import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { createInterface } from "node:readline";

const APP = "/app";

function usage(message) {
    process.stderr.write(`run.mjs: ${message}\n` +
        "usage: node run.mjs [--copy PATH]... (SCRIPT.py | --serve)\n");
    process.exit(2);
}

function parseArgs(argv) {
    const copies = [];
    let script = null;
    let serve = false;
    for (let i = 0; i < argv.length; i++) {
        const arg = argv[i];
        if (arg === "--copy") {
            if (i + 1 >= argv.length) usage("--copy needs a path");
            copies.push(argv[++i]);
        } else if (arg === "--serve") {
            serve = true;
        } else if (arg.startsWith("-")) {
            usage(`unknown option ${arg}`);
        } else if (script === null) {
            script = arg;
        } else {
            usage(`unexpected argument ${arg}`);
        }
    }
    if (serve === (script !== null)) usage("give either a script or --serve");
    return { copies, script, serve };
}

// Copy a host file, or a folder's .py files, to `dest` in the interpreter's FS.
function copyIn(mp, source, dest) {
    if (statSync(source).isDirectory()) {
        mp.FS.mkdirTree(dest);
        for (const name of readdirSync(source).sort()) {
            const path = join(source, name);
            if (statSync(path).isDirectory()) {
                if (name !== "__pycache__") copyIn(mp, path, `${dest}/${name}`);
            } else if (name.endsWith(".py")) {
                mp.FS.writeFile(`${dest}/${name}`, readFileSync(path));
            }
        }
    } else {
        mp.FS.writeFile(dest, readFileSync(source));
    }
}

// Collects the interpreter's output bytes; linebuffer: false hands over raw
// bytes, so output without a final newline is kept too.
class Output {
    constructor() { this.chunks = []; }
    write(bytes) { this.chunks.push(Uint8Array.from(bytes)); }
    take() {
        const total = this.chunks.reduce((n, c) => n + c.length, 0);
        const all = new Uint8Array(total);
        let at = 0;
        for (const c of this.chunks) { all.set(c, at); at += c.length; }
        this.chunks = [];
        return new TextDecoder().decode(all);
    }
}

// What sys.exit(arg) means for the process, as CPython does it: no argument or
// None exits 0, an integer exits with it, anything else is printed and exits 1.
function exitFor(traceback) {
    const match = /SystemExit: ?(.*)\n?$/.exec(traceback);
    const value = match ? match[1].trim() : "";
    if (value === "" || value === "None") return { status: 0, message: "" };
    if (/^-?\d+$/.test(value)) return { status: Number(value) & 255, message: "" };
    return { status: 1, message: value + "\n" };
}

async function main() {
    const { copies, script, serve } = parseArgs(process.argv.slice(2));
    const out = new Output();
    const mp = await loadMicroPython({
        linebuffer: false,
        stdout: serve ? (bytes) => out.write(bytes) : (bytes) => process.stdout.write(Uint8Array.from(bytes)),
        stderr: serve ? (bytes) => out.write(bytes) : (bytes) => process.stderr.write(Uint8Array.from(bytes)),
    });
    mp.FS.mkdirTree(APP);
    for (const path of copies) {
        if (!existsSync(path)) usage(`no such file or folder to copy: ${path}`);
        copyIn(mp, path, `${APP}/${basename(path)}`);
    }
    mp.FS.chdir(APP);
    mp.runPython(`import sys\nsys.path.insert(0, "${APP}")\ndel sys`);

    if (!serve) {
        try {
            mp.runPython(readFileSync(script, "utf8"));
        } catch (err) {
            if (err.name !== "PythonError") throw err;
            if (err.type === "SystemExit") {
                const { status, message } = exitFor(err.message);
                process.stderr.write(message);
                process.exit(status);
            }
            process.stderr.write(err.message);
            process.exit(1);
        }
        return;
    }

    const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
    for await (const line of lines) {
        if (!line.trim()) continue;
        let answer;
        try {
            mp.runPython(JSON.parse(line).code);
            answer = { ok: true, stdout: out.take() };
        } catch (err) {
            if (err.name !== "PythonError") throw err;
            answer = { ok: false, type: err.type, traceback: err.message, stdout: out.take() };
        }
        process.stdout.write(JSON.stringify(answer) + "\n");
    }
}

main().catch((err) => {
    process.stderr.write(`run.mjs: ${err && err.stack ? err.stack : err}\n`);
    process.exit(3);
});
