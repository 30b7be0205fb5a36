; Inno Setup 6 script: Tabletop-Setup-<version>.exe, a per-user install (no admin rights).
; Built by packaging/build.py, which passes the defines below:
;   ISCC /DAppVersion=0.1.0 /DNumericVersion=0.1.0.0 /DSourceDir=dist\tabletop /DOutputDir=dist /DIconFile=build\icons\tabletop.ico tabletop.iss
; Installs to %LOCALAPPDATA%\Programs\Tabletop, adds a Start menu entry (and an optional
; desktop icon) and an uninstaller listed in Settings > Apps. Saves and settings live in
; %LOCALAPPDATA%\tabletop (platformdirs) and are left in place by the uninstaller.

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#ifndef NumericVersion
  #define NumericVersion "0.0.0.0"
#endif
#ifndef SourceDir
  #define SourceDir "..\..\dist\tabletop"
#endif
#ifndef OutputDir
  #define OutputDir "..\..\dist"
#endif
#ifndef IconFile
  #define IconFile "..\..\build\icons\tabletop.ico"
#endif

[Setup]
AppId={{6C1B8E7A-3F2D-4B9A-9E47-5A0D2C7F1B34}
AppName=Tabletop
AppVersion={#AppVersion}
AppVerName=Tabletop {#AppVersion}
AppPublisher=The Tabletop developers
AppPublisherURL=https://github.com/tabletop/tabletop
AppSupportURL=https://github.com/tabletop/tabletop/issues
VersionInfoVersion={#NumericVersion}
VersionInfoProductVersion={#NumericVersion}
VersionInfoProductTextVersion={#AppVersion}
VersionInfoCopyright=The Tabletop developers, MIT licence
DefaultDirName={autopf}\Tabletop
DefaultGroupName=Tabletop
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir={#OutputDir}
OutputBaseFilename=Tabletop-Setup-{#AppVersion}
SetupIconFile={#IconFile}
UninstallDisplayIcon={app}\tabletop.exe
UninstallDisplayName=Tabletop
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\Tabletop"; Filename: "{app}\tabletop.exe"
Name: "{autodesktop}\Tabletop"; Filename: "{app}\tabletop.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\tabletop.exe"; Description: "{cm:LaunchProgram,Tabletop}"; Flags: nowait postinstall skipifsilent
